"""Compiled ``__init__`` templates of ``toplint.record``: generated, do not edit.

``toplint.record`` builds a record's ``__init__`` from the template for its number of fields,
renamed with ``CodeType.replace``.  Compiled from generated source at start-up, the ~17
templates a check needs cost ~3.5 ms (a twentieth of a one-file run); as a module, Python caches
their bytecode like any other.  Every count up to 24 is here, and above it the counts the
package's records have: a template's code grows with its count, and all 64 made this module
7 times the size of any other (2.3M instructions to load at every start-up).  ``_pN`` stores
its arguments as they are; ``_tN``, for a record with a default factory, calls the factory
of each field left ``MISSING`` (only the counts such records of the package have).
``tests/test_record.py`` checks this file against ``toplint.recordgen.recordinit_source`` and
that every record of the package has its template; regenerate it with
``python -m toplint.recordgen > linter/toplint/recordinit.py``.
"""
# ruff: noqa
# mypy: ignore-errors
# fmt: off
# The names the bodies read (MISSING, _nI, _fI) are the globals each record's __init__ gets.

COUNTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 29, 36, 37, 57)
FACTORY_COUNTS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 19, 22, 26, 59)


def _p1(self, a0):
    _rd = self.__dict__
    _rd[_n0] = a0


def _p2(self, a0, a1):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1


def _p3(self, a0, a1, a2):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2


def _p4(self, a0, a1, a2, a3):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3


def _p5(self, a0, a1, a2, a3, a4):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4


def _p6(self, a0, a1, a2, a3, a4, a5):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5


def _p7(self, a0, a1, a2, a3, a4, a5, a6):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6


def _p8(self, a0, a1, a2, a3, a4, a5, a6, a7):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7


def _p9(self, a0, a1, a2, a3, a4, a5, a6, a7, a8):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8


def _p10(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9


def _p11(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10


def _p12(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11


def _p13(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12


def _p14(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13


def _p15(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14


def _p16(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15


def _p17(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16


def _p18(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17


def _p19(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18


def _p20(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19


def _p21(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19
    _rd[_n20] = a20


def _p22(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19
    _rd[_n20] = a20
    _rd[_n21] = a21


def _p23(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19
    _rd[_n20] = a20
    _rd[_n21] = a21
    _rd[_n22] = a22


def _p24(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19
    _rd[_n20] = a20
    _rd[_n21] = a21
    _rd[_n22] = a22
    _rd[_n23] = a23


def _p29(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19
    _rd[_n20] = a20
    _rd[_n21] = a21
    _rd[_n22] = a22
    _rd[_n23] = a23
    _rd[_n24] = a24
    _rd[_n25] = a25
    _rd[_n26] = a26
    _rd[_n27] = a27
    _rd[_n28] = a28


def _p36(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, a33, a34, a35):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19
    _rd[_n20] = a20
    _rd[_n21] = a21
    _rd[_n22] = a22
    _rd[_n23] = a23
    _rd[_n24] = a24
    _rd[_n25] = a25
    _rd[_n26] = a26
    _rd[_n27] = a27
    _rd[_n28] = a28
    _rd[_n29] = a29
    _rd[_n30] = a30
    _rd[_n31] = a31
    _rd[_n32] = a32
    _rd[_n33] = a33
    _rd[_n34] = a34
    _rd[_n35] = a35


def _p37(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, a33, a34, a35, a36):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19
    _rd[_n20] = a20
    _rd[_n21] = a21
    _rd[_n22] = a22
    _rd[_n23] = a23
    _rd[_n24] = a24
    _rd[_n25] = a25
    _rd[_n26] = a26
    _rd[_n27] = a27
    _rd[_n28] = a28
    _rd[_n29] = a29
    _rd[_n30] = a30
    _rd[_n31] = a31
    _rd[_n32] = a32
    _rd[_n33] = a33
    _rd[_n34] = a34
    _rd[_n35] = a35
    _rd[_n36] = a36


def _p57(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, a33, a34, a35, a36, a37, a38, a39, a40, a41, a42, a43, a44, a45, a46, a47, a48, a49, a50, a51, a52, a53, a54, a55, a56):
    _rd = self.__dict__
    _rd[_n0] = a0
    _rd[_n1] = a1
    _rd[_n2] = a2
    _rd[_n3] = a3
    _rd[_n4] = a4
    _rd[_n5] = a5
    _rd[_n6] = a6
    _rd[_n7] = a7
    _rd[_n8] = a8
    _rd[_n9] = a9
    _rd[_n10] = a10
    _rd[_n11] = a11
    _rd[_n12] = a12
    _rd[_n13] = a13
    _rd[_n14] = a14
    _rd[_n15] = a15
    _rd[_n16] = a16
    _rd[_n17] = a17
    _rd[_n18] = a18
    _rd[_n19] = a19
    _rd[_n20] = a20
    _rd[_n21] = a21
    _rd[_n22] = a22
    _rd[_n23] = a23
    _rd[_n24] = a24
    _rd[_n25] = a25
    _rd[_n26] = a26
    _rd[_n27] = a27
    _rd[_n28] = a28
    _rd[_n29] = a29
    _rd[_n30] = a30
    _rd[_n31] = a31
    _rd[_n32] = a32
    _rd[_n33] = a33
    _rd[_n34] = a34
    _rd[_n35] = a35
    _rd[_n36] = a36
    _rd[_n37] = a37
    _rd[_n38] = a38
    _rd[_n39] = a39
    _rd[_n40] = a40
    _rd[_n41] = a41
    _rd[_n42] = a42
    _rd[_n43] = a43
    _rd[_n44] = a44
    _rd[_n45] = a45
    _rd[_n46] = a46
    _rd[_n47] = a47
    _rd[_n48] = a48
    _rd[_n49] = a49
    _rd[_n50] = a50
    _rd[_n51] = a51
    _rd[_n52] = a52
    _rd[_n53] = a53
    _rd[_n54] = a54
    _rd[_n55] = a55
    _rd[_n56] = a56


def _t2(self, a0, a1):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1


def _t3(self, a0, a1, a2):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2


def _t4(self, a0, a1, a2, a3):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3


def _t5(self, a0, a1, a2, a3, a4):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4


def _t6(self, a0, a1, a2, a3, a4, a5):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5


def _t7(self, a0, a1, a2, a3, a4, a5, a6):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6


def _t8(self, a0, a1, a2, a3, a4, a5, a6, a7):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7


def _t9(self, a0, a1, a2, a3, a4, a5, a6, a7, a8):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8


def _t10(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8
    _rd[_n9] = _f9() if a9 is MISSING else a9


def _t11(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8
    _rd[_n9] = _f9() if a9 is MISSING else a9
    _rd[_n10] = _f10() if a10 is MISSING else a10


def _t12(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8
    _rd[_n9] = _f9() if a9 is MISSING else a9
    _rd[_n10] = _f10() if a10 is MISSING else a10
    _rd[_n11] = _f11() if a11 is MISSING else a11


def _t14(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8
    _rd[_n9] = _f9() if a9 is MISSING else a9
    _rd[_n10] = _f10() if a10 is MISSING else a10
    _rd[_n11] = _f11() if a11 is MISSING else a11
    _rd[_n12] = _f12() if a12 is MISSING else a12
    _rd[_n13] = _f13() if a13 is MISSING else a13


def _t19(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8
    _rd[_n9] = _f9() if a9 is MISSING else a9
    _rd[_n10] = _f10() if a10 is MISSING else a10
    _rd[_n11] = _f11() if a11 is MISSING else a11
    _rd[_n12] = _f12() if a12 is MISSING else a12
    _rd[_n13] = _f13() if a13 is MISSING else a13
    _rd[_n14] = _f14() if a14 is MISSING else a14
    _rd[_n15] = _f15() if a15 is MISSING else a15
    _rd[_n16] = _f16() if a16 is MISSING else a16
    _rd[_n17] = _f17() if a17 is MISSING else a17
    _rd[_n18] = _f18() if a18 is MISSING else a18


def _t22(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8
    _rd[_n9] = _f9() if a9 is MISSING else a9
    _rd[_n10] = _f10() if a10 is MISSING else a10
    _rd[_n11] = _f11() if a11 is MISSING else a11
    _rd[_n12] = _f12() if a12 is MISSING else a12
    _rd[_n13] = _f13() if a13 is MISSING else a13
    _rd[_n14] = _f14() if a14 is MISSING else a14
    _rd[_n15] = _f15() if a15 is MISSING else a15
    _rd[_n16] = _f16() if a16 is MISSING else a16
    _rd[_n17] = _f17() if a17 is MISSING else a17
    _rd[_n18] = _f18() if a18 is MISSING else a18
    _rd[_n19] = _f19() if a19 is MISSING else a19
    _rd[_n20] = _f20() if a20 is MISSING else a20
    _rd[_n21] = _f21() if a21 is MISSING else a21


def _t26(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8
    _rd[_n9] = _f9() if a9 is MISSING else a9
    _rd[_n10] = _f10() if a10 is MISSING else a10
    _rd[_n11] = _f11() if a11 is MISSING else a11
    _rd[_n12] = _f12() if a12 is MISSING else a12
    _rd[_n13] = _f13() if a13 is MISSING else a13
    _rd[_n14] = _f14() if a14 is MISSING else a14
    _rd[_n15] = _f15() if a15 is MISSING else a15
    _rd[_n16] = _f16() if a16 is MISSING else a16
    _rd[_n17] = _f17() if a17 is MISSING else a17
    _rd[_n18] = _f18() if a18 is MISSING else a18
    _rd[_n19] = _f19() if a19 is MISSING else a19
    _rd[_n20] = _f20() if a20 is MISSING else a20
    _rd[_n21] = _f21() if a21 is MISSING else a21
    _rd[_n22] = _f22() if a22 is MISSING else a22
    _rd[_n23] = _f23() if a23 is MISSING else a23
    _rd[_n24] = _f24() if a24 is MISSING else a24
    _rd[_n25] = _f25() if a25 is MISSING else a25


def _t59(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, a33, a34, a35, a36, a37, a38, a39, a40, a41, a42, a43, a44, a45, a46, a47, a48, a49, a50, a51, a52, a53, a54, a55, a56, a57, a58):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0
    _rd[_n1] = _f1() if a1 is MISSING else a1
    _rd[_n2] = _f2() if a2 is MISSING else a2
    _rd[_n3] = _f3() if a3 is MISSING else a3
    _rd[_n4] = _f4() if a4 is MISSING else a4
    _rd[_n5] = _f5() if a5 is MISSING else a5
    _rd[_n6] = _f6() if a6 is MISSING else a6
    _rd[_n7] = _f7() if a7 is MISSING else a7
    _rd[_n8] = _f8() if a8 is MISSING else a8
    _rd[_n9] = _f9() if a9 is MISSING else a9
    _rd[_n10] = _f10() if a10 is MISSING else a10
    _rd[_n11] = _f11() if a11 is MISSING else a11
    _rd[_n12] = _f12() if a12 is MISSING else a12
    _rd[_n13] = _f13() if a13 is MISSING else a13
    _rd[_n14] = _f14() if a14 is MISSING else a14
    _rd[_n15] = _f15() if a15 is MISSING else a15
    _rd[_n16] = _f16() if a16 is MISSING else a16
    _rd[_n17] = _f17() if a17 is MISSING else a17
    _rd[_n18] = _f18() if a18 is MISSING else a18
    _rd[_n19] = _f19() if a19 is MISSING else a19
    _rd[_n20] = _f20() if a20 is MISSING else a20
    _rd[_n21] = _f21() if a21 is MISSING else a21
    _rd[_n22] = _f22() if a22 is MISSING else a22
    _rd[_n23] = _f23() if a23 is MISSING else a23
    _rd[_n24] = _f24() if a24 is MISSING else a24
    _rd[_n25] = _f25() if a25 is MISSING else a25
    _rd[_n26] = _f26() if a26 is MISSING else a26
    _rd[_n27] = _f27() if a27 is MISSING else a27
    _rd[_n28] = _f28() if a28 is MISSING else a28
    _rd[_n29] = _f29() if a29 is MISSING else a29
    _rd[_n30] = _f30() if a30 is MISSING else a30
    _rd[_n31] = _f31() if a31 is MISSING else a31
    _rd[_n32] = _f32() if a32 is MISSING else a32
    _rd[_n33] = _f33() if a33 is MISSING else a33
    _rd[_n34] = _f34() if a34 is MISSING else a34
    _rd[_n35] = _f35() if a35 is MISSING else a35
    _rd[_n36] = _f36() if a36 is MISSING else a36
    _rd[_n37] = _f37() if a37 is MISSING else a37
    _rd[_n38] = _f38() if a38 is MISSING else a38
    _rd[_n39] = _f39() if a39 is MISSING else a39
    _rd[_n40] = _f40() if a40 is MISSING else a40
    _rd[_n41] = _f41() if a41 is MISSING else a41
    _rd[_n42] = _f42() if a42 is MISSING else a42
    _rd[_n43] = _f43() if a43 is MISSING else a43
    _rd[_n44] = _f44() if a44 is MISSING else a44
    _rd[_n45] = _f45() if a45 is MISSING else a45
    _rd[_n46] = _f46() if a46 is MISSING else a46
    _rd[_n47] = _f47() if a47 is MISSING else a47
    _rd[_n48] = _f48() if a48 is MISSING else a48
    _rd[_n49] = _f49() if a49 is MISSING else a49
    _rd[_n50] = _f50() if a50 is MISSING else a50
    _rd[_n51] = _f51() if a51 is MISSING else a51
    _rd[_n52] = _f52() if a52 is MISSING else a52
    _rd[_n53] = _f53() if a53 is MISSING else a53
    _rd[_n54] = _f54() if a54 is MISSING else a54
    _rd[_n55] = _f55() if a55 is MISSING else a55
    _rd[_n56] = _f56() if a56 is MISSING else a56
    _rd[_n57] = _f57() if a57 is MISSING else a57
    _rd[_n58] = _f58() if a58 is MISSING else a58

"""Compiled ``__init__`` templates of ``toplint.record``: generated, do not edit.

``toplint.record`` builds a record's ``__init__`` from the template for its number of fields,
renamed with ``CodeType.replace``.  Compiled from generated source at start-up, the ~17
templates a check needs cost ~3.5 ms (a twentieth of a one-file run); as a module, Python caches
their bytecode like any other.  ``tests/test_record.py`` checks this file against
``toplint.record.recordinit_source``; regenerate it with
``python -m toplint.record > linter/toplint/recordinit.py``.
"""
# ruff: noqa
# mypy: ignore-errors
# fmt: off
# The names the bodies read (MISSING, _nI, _fI) are the globals each record's __init__ gets.

MAX_FIELDS = 32


def _t1(self, a0):
    _rd = self.__dict__
    _rd[_n0] = _f0() if a0 is MISSING else a0


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


def _t13(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12):
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


def _t15(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14):
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


def _t16(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15):
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


def _t17(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16):
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


def _t18(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17):
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


def _t20(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19):
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


def _t21(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20):
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


def _t23(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22):
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


def _t24(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23):
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


def _t25(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24):
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


def _t27(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26):
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


def _t28(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27):
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


def _t29(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28):
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


def _t30(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29):
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


def _t31(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30):
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


def _t32(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31):
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

"""Items and tokens -> the template's tree: text, actions (pipelines), ``if``/``else if``/
``else``, ``with``, ``range`` (with ``$i, $v :=``), ``define``, ``template``/``block``,
``break``/``continue`` (pkg.go.dev/text/template, "Actions").  ``include`` is a function of the
evaluator, not syntax.  The tree is data; nothing is evaluated here.
"""

from __future__ import annotations

from typing import Any

from toplint.parse.helmtpl.lexer import Item, TemplateSyntax, Token, items, tokens
from toplint.record import field, record

MAX_NODES = 50_000  # nodes one template may parse into (a template is a few hundred)


@record
class Operand:
    kind: str  # field var string number bool nil dot ident sub
    text: str = ""
    offset: int = 0
    value: Any = None  # a literal's value; a sub-pipeline for "sub"
    chain: tuple[str, ...] = ()  # .A.B after a variable or a parenthesised pipeline


@record
class Pipe:
    decl: tuple[str, ...] = ()  # $x := / $i, $v := (range)
    assign: bool = False  # $x = (not :=)
    cmds: tuple[tuple[Operand, ...], ...] = ()
    offset: int = 0


@record
class Text:
    text: str
    offset: int


@record
class Action:
    pipe: Pipe


@record
class Branch:
    kind: str  # if with range
    pipe: Pipe
    body: tuple[Node, ...]
    orelse: tuple[Node, ...] = ()


@record
class Call:
    name: str
    pipe: Pipe | None
    offset: int


@record
class Jump:
    kind: str  # break continue
    offset: int


Node = Text | Action | Branch | Call | Jump


@record
class Template:
    body: tuple[Node, ...]
    defines: dict[str, tuple[Node, ...]] = field(default_factory=dict)


def parse(source: str) -> Template:
    """The tree of one template file, and the templates it ``define``s."""
    parser = _Parser(items(source))
    body, end = parser.block(())
    if end is not None:
        raise TemplateSyntax(f"unexpected {{{{ {end[0]} }}}}", end[1])
    return Template(tuple(body), parser.defines)


class _Parser:
    def __init__(self, found: list[Item]) -> None:
        self.items = found
        self.at = 0
        self.defines: dict[str, tuple[Node, ...]] = {}
        self.count = 0

    def block(
        self, ends: tuple[str, ...]
    ) -> tuple[list[Node], tuple[str, int, list[Token]] | None]:
        """Nodes up to one of ``ends`` (``end``, ``else``): (nodes, (keyword, offset, rest))."""
        out: list[Node] = []
        while self.at < len(self.items):
            item = self.items[self.at]
            self.at += 1
            self.count += 1
            if self.count > MAX_NODES:
                raise TemplateSyntax("template too large", item.offset)
            if item.kind == "text":
                out.append(Text(item.text, item.offset))
                continue
            toks = tokens(item.text, item.offset)
            if not toks:
                raise TemplateSyntax("empty action", item.offset)
            word = toks[0].text if toks[0].kind == "ident" else ""
            if word in ends:
                return out, (word, item.offset, toks[1:])
            if word in ("if", "with", "range"):
                out.append(self.branch(word, toks[1:], item.offset))
            elif word in ("define", "block"):
                name = _name(toks, item.offset)
                body, end = self.block(("end",))
                self._expect(end, item.offset)
                self.defines[name] = tuple(body)
                if word == "block":
                    out.append(Call(name, pipe(toks[2:], item.offset), item.offset))
            elif word == "template":
                out.append(Call(_name(toks, item.offset), pipe(toks[2:], item.offset), item.offset))
            elif word in ("break", "continue"):
                out.append(Jump(word, item.offset))
            elif word in ("end", "else"):
                raise TemplateSyntax(f"unexpected {{{{ {word} }}}}", item.offset)
            else:
                out.append(Action(pipe(toks, item.offset)))
        return out, None

    def branch(self, kind: str, toks: list[Token], offset: int) -> Branch:
        cond = pipe(toks, offset)
        body, end = self.block(("end", "else"))
        if end is None:
            raise TemplateSyntax(f"{{{{ {kind} }}}} without {{{{ end }}}}", offset)
        orelse: tuple[Node, ...] = ()
        if end[0] == "else":
            rest = end[2]
            if rest and rest[0].kind == "ident" and rest[0].text in ("if", "with"):
                orelse = (self.branch(rest[0].text, rest[1:], end[1]),)  # else if: its end is ours
            else:
                more, last = self.block(("end",))
                self._expect(last, offset)
                orelse = tuple(more)
        return Branch(kind, cond, tuple(body), orelse)

    def _expect(self, end: tuple[str, int, list[Token]] | None, offset: int) -> None:
        if end is None or end[0] != "end":
            raise TemplateSyntax("missing {{ end }}", offset)


def _name(toks: list[Token], offset: int) -> str:
    if len(toks) < 2 or toks[1].kind != "string":
        raise TemplateSyntax("a template name must be a string", offset)
    return str(_literal(toks[1]))


def pipe(toks: list[Token], offset: int) -> Pipe:
    """``$a, $b := cmd arg | cmd`` as a pipeline of commands."""
    decl: tuple[str, ...] = ()
    assign = False
    for i, tok in enumerate(toks):
        if tok.kind in (":=", "="):
            names = [t.text for t in toks[:i] if t.kind == "var"]
            if names and all(t.kind in ("var", ",") for t in toks[:i]):
                decl, assign, toks = tuple(names), tok.kind == "=", toks[i + 1 :]
            break
        if tok.kind not in ("var", ","):
            break
    cmds: list[tuple[Operand, ...]] = []
    current: list[Operand] = []
    i = 0
    while i < len(toks):
        tok = toks[i]
        if tok.kind == "|":
            if not current:
                raise TemplateSyntax("empty command in pipeline", tok.offset)
            cmds.append(tuple(current))
            current = []
            i += 1
        elif tok.kind == "(":
            depth, j = 1, i + 1
            while j < len(toks) and depth:
                depth += {"(": 1, ")": -1}.get(toks[j].kind, 0)
                j += 1
            if depth:
                raise TemplateSyntax("unclosed (", tok.offset)
            inner = pipe(toks[i + 1 : j - 1], tok.offset)
            chain: tuple[str, ...] = ()
            if j < len(toks) and toks[j].kind == "chain":
                chain = tuple(toks[j].text.split(".")[1:])
                j += 1
            current.append(Operand("sub", "(", tok.offset, inner, chain))
            i = j
        elif tok.kind in (")", ",", ":=", "=", "chain"):
            raise TemplateSyntax(f"unexpected {tok.text!r}", tok.offset)
        else:
            current.append(_operand(tok))
            i += 1
    if current:
        cmds.append(tuple(current))
    if not cmds and not decl:
        raise TemplateSyntax("missing value", offset)
    return Pipe(decl, assign, tuple(cmds), offset)


def _operand(tok: Token) -> Operand:
    if tok.kind in ("string", "char", "number", "bool", "nil"):
        return Operand("literal", tok.text, tok.offset, _literal(tok))
    if tok.kind == "var":
        name, *chain = tok.text.split(".")
        return Operand("var", name, tok.offset, None, tuple(chain))
    if tok.kind == "field":
        return Operand("field", tok.text, tok.offset, None, tuple(tok.text.split(".")[1:]))
    if tok.kind == "ident" and "." in tok.text:
        raise TemplateSyntax(f"unexpected {tok.text!r}", tok.offset)
    return Operand(tok.kind, tok.text, tok.offset)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "0": "\0"}


def _literal(tok: Token) -> Any:
    text = tok.text
    if tok.kind == "bool":
        return text == "true"
    if tok.kind == "nil":
        return None
    if tok.kind == "number":
        try:
            return int(text, 0)
        except ValueError:
            return float(text)
    if text.startswith("`"):
        return text[1:-1]
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    value = "".join(out)
    return ord(value) if tok.kind == "char" and len(value) == 1 else value

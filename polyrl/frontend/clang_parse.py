"""libclang plumbing: reading the file, parsing it, diagnostics, macros, operator spellings and
the small cursor helpers every part of the front end uses."""

from __future__ import annotations

import ctypes
import functools
import glob
import os
import re
import subprocess
from dataclasses import dataclass

import clang.cindex as ci
from clang.cindex import CursorKind, SourceLocation, TypeKind

from polyrl.errors import PolyrlError

IDENT_RE = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
NUMBER_RE = re.compile(rb"\.?\d(?:[eEpP][+-]|[0-9A-Za-z_.])*")
CHAR_RE = re.compile(rb"[LuU]?'(?:[^'\\\n]|\\.)+'")

INTEGER_KINDS = {
    TypeKind.BOOL, TypeKind.CHAR_U, TypeKind.UCHAR, TypeKind.USHORT, TypeKind.UINT, TypeKind.ULONG,
    TypeKind.ULONGLONG, TypeKind.CHAR_S, TypeKind.SCHAR, TypeKind.SHORT, TypeKind.INT, TypeKind.LONG,
    TypeKind.LONGLONG, TypeKind.ENUM,
}
UNSIGNED_KINDS = {TypeKind.BOOL, TypeKind.CHAR_U, TypeKind.UCHAR, TypeKind.USHORT, TypeKind.UINT, TypeKind.ULONG,
                  TypeKind.ULONGLONG}
ARRAY_KINDS = {TypeKind.CONSTANTARRAY, TypeKind.INCOMPLETEARRAY, TypeKind.VARIABLEARRAY, TypeKind.POINTER}
FLOAT_KINDS = {TypeKind.FLOAT, TypeKind.DOUBLE, TypeKind.LONGDOUBLE}
# binary operator spellings that assign to their left operand
ASSIGN_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}

# clang's UnaryOperatorKind (clang-c/Index.h, LLVM 17+)
UNARY_POST_INC, UNARY_POST_DEC, UNARY_PRE_INC, UNARY_PRE_DEC = 1, 2, 3, 4
# the increment and decrement operators, and the step each makes
INCREMENT_STEPS = {UNARY_POST_INC: 1, UNARY_PRE_INC: 1, UNARY_POST_DEC: -1, UNARY_PRE_DEC: -1}
UNARY_ADDR, UNARY_DEREF, UNARY_PLUS, UNARY_MINUS, UNARY_NOT, UNARY_LNOT = 5, 6, 7, 8, 9, 10


def _signatures() -> dict[str, tuple[list, object]]:
    """The libclang C functions polyrl calls that the Python bindings do not declare:
    name -> (argument types, result type)."""
    uint_p = ctypes.POINTER(ctypes.c_uint)
    return {
        "clang_getCursorBinaryOperatorKind": ([ci.Cursor], ctypes.c_int),
        "clang_getBinaryOperatorKindSpelling": ([ctypes.c_int], ci._CXString),
        "clang_getCursorUnaryOperatorKind": ([ci.Cursor], ctypes.c_int),
        "clang_Cursor_isMacroFunctionLike": ([ci.Cursor], ctypes.c_uint),
        "clang_getSpellingLocation": ([SourceLocation, ctypes.POINTER(ci.c_object_p), uint_p, uint_p, uint_p], None),
        "clang_Cursor_Evaluate": ([ci.Cursor], ctypes.c_void_p),
        "clang_EvalResult_getKind": ([ctypes.c_void_p], ctypes.c_int),
        "clang_EvalResult_getAsLongLong": ([ctypes.c_void_p], ctypes.c_longlong),
        "clang_EvalResult_getAsDouble": ([ctypes.c_void_p], ctypes.c_double),
        "clang_EvalResult_dispose": ([ctypes.c_void_p], None),
    }


@functools.lru_cache(maxsize=1)
def _lib():
    lib = ci.conf.lib
    for name, (argtypes, restype) in _signatures().items():
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = restype
    return lib


def binary_op(cur: ci.Cursor) -> str:
    lib = _lib()
    kind = lib.clang_getCursorBinaryOperatorKind(cur)
    return ci._CXString.from_result(lib.clang_getBinaryOperatorKindSpelling(kind))


def unary_kind(cur: ci.Cursor) -> int:
    return _lib().clang_getCursorUnaryOperatorKind(cur)


def children(cur: ci.Cursor) -> list[ci.Cursor]:
    return list(cur.get_children())


def strip_implicit(cur: ci.Cursor) -> ci.Cursor:
    """Look through implicit casts and parentheses."""
    while cur.kind in (CursorKind.UNEXPOSED_EXPR, CursorKind.PAREN_EXPR):
        ch = children(cur)
        if len(ch) != 1:
            break
        cur = ch[0]
    return cur


def spelling_offset(cur: ci.Cursor) -> tuple[str | None, int]:
    """File and byte offset where the cursor's first token is spelled (macro arguments resolve
    to where they are written, macro bodies to the expansion site)."""
    lib = _lib()
    f = ci.c_object_p()
    line, col, off = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    lib.clang_getSpellingLocation(cur.location, ctypes.byref(f), ctypes.byref(line), ctypes.byref(col),
                                  ctypes.byref(off))
    if not f:
        return None, off.value
    return ci.File(f).name, off.value


def _evaluate(cur: ci.Cursor, kind: int, value):
    """clang's constant evaluation of `cur` when its result is of `kind` (CXEvalResultKind)."""
    lib = _lib()
    res = lib.clang_Cursor_Evaluate(cur)
    if not res:
        return None
    try:
        return value(lib, res) if lib.clang_EvalResult_getKind(res) == kind else None
    finally:
        lib.clang_EvalResult_dispose(res)


def evaluate_float(cur: ci.Cursor) -> float | None:
    return _evaluate(cur, 2, lambda lib, res: float(lib.clang_EvalResult_getAsDouble(res)))  # CXEval_Float


def evaluate_int(cur: ci.Cursor) -> int | None:
    return _evaluate(cur, 1, lambda lib, res: int(lib.clang_EvalResult_getAsLongLong(res)))  # CXEval_Int


@functools.lru_cache(maxsize=1)
def _builtin_include() -> str | None:
    """A directory with the compiler's own headers (stddef.h, stdarg.h, ...), which the PyPI
    libclang lacks: gcc's, else any installed clang's."""
    try:
        out = subprocess.run(["gcc", "-print-file-name=include"], capture_output=True, text=True, timeout=20)
        d = out.stdout.strip()
        if d and os.path.isfile(os.path.join(d, "stddef.h")):
            return d
    except (OSError, subprocess.SubprocessError):
        pass
    patterns = ("/usr/lib/gcc/*/*/include", "/usr/lib/llvm-*/lib/clang/*/include", "/usr/lib/clang/*/include")
    for pattern in patterns:
        for d in sorted(glob.glob(pattern), reverse=True):
            if os.path.isfile(os.path.join(d, "stddef.h")):
                return d
    return None


@functools.lru_cache(maxsize=4096)
def _realpath(p: str) -> str:
    return os.path.realpath(p)


@functools.lru_cache(maxsize=1)
def _index() -> ci.Index:
    return ci.Index.create()


@dataclass
class Macro:
    name: str
    function_like: bool
    file: str | None = None
    span: tuple[int, int] = (0, 0)
    _body: list[str] | None = None

    @property
    def body(self) -> list[str]:
        """Replacement-list tokens (lexed lazily from the defining file)."""
        if self._body is None:
            self._body = []
            if self.file is not None:
                try:
                    with open(self.file, "rb") as fh:
                        fh.seek(self.span[0])
                        text = fh.read(self.span[1] - self.span[0]).decode("utf-8", "replace")
                except OSError:
                    text = ""
                toks = _lex(text)
                self._body = toks[1:] if toks and toks[0] == self.name else toks
        return self._body

    def params_body(self) -> tuple[list[str], list[str]] | None:
        """(parameter names, replacement tokens) of a function-like macro; None if variadic."""
        toks = self.body
        if not toks or toks[0] != "(":
            return None
        try:
            close = toks.index(")")
        except ValueError:
            return None
        params = [t for t in toks[1:close] if t != ","]
        if "..." in params or "." in params:
            return None
        return params, toks[close + 1:]


@dataclass
class Source:
    """A parsed C file: its text (bytes and str), the translation unit, its macros."""

    path: str
    data: bytes
    text: str
    tu: ci.TranslationUnit
    macros: dict[str, Macro]

    def is_main(self, f) -> bool:
        """Whether a clang File (or a file name) is the parsed file itself."""
        if f is None:
            return False
        name = f if isinstance(f, str) else f.name
        return name == self.path or _realpath(name) == _realpath(self.path)

    def slice(self, start: int, end: int) -> str:
        return self.data[start:end].decode("utf-8", "replace")

    def char_offset(self, byte_off: int) -> int:
        """Character index in `text` of a byte offset in `data`."""
        if len(self.data) == len(self.text):
            return byte_off
        return len(self.data[:byte_off].decode("utf-8", "replace"))

    def extent(self, cur: ci.Cursor) -> tuple[int, int] | None:
        """Byte span of a cursor in the main file (expansion range), None if elsewhere."""
        ext = cur.extent
        if not self.is_main(ext.start.file) or not self.is_main(ext.end.file):
            return None
        return ext.start.offset, ext.end.offset

    def text_of(self, cur: ci.Cursor) -> str:
        ext = self.extent(cur)
        if ext is None or ext[1] <= ext[0]:
            return cur.spelling or "?"
        return " ".join(self.slice(*ext).split())

    def token_at(self, off: int) -> tuple[str, str] | None:
        """('ident'|'number'|'char', spelling) of the token starting at byte `off` of the main file."""
        for kind, rx in (("ident", IDENT_RE), ("number", NUMBER_RE), ("char", CHAR_RE)):
            m = rx.match(self.data, off)
            if m:
                return kind, m.group().decode()
        return None

    def error(self, message: str, cur: ci.Cursor | None = None) -> PolyrlError:
        if cur is None:
            return PolyrlError(message, self.path, 1, 1)
        loc = cur.location
        path = loc.file.name if loc.file is not None and not self.is_main(loc.file) else self.path
        return PolyrlError(message, path, loc.line or 1, loc.column or 1)

    def object_macro(self, name: str) -> Macro | None:
        m = self.macros.get(name)
        return m if m is not None and not m.function_like else None

    def macro_literal(self, name: str) -> str | None:
        """The literal an object-like macro finally expands to, if it is just one literal
        (`#define _PB_N POLYBENCH_LOOP_BOUND(N, n)` with `N` 1000 gives "1000")."""
        if self.object_macro(name) is None:
            return None
        body = self._expand([name], 0, frozenset())
        if body is None:
            return None
        while len(body) >= 3 and body[0] == "(" and body[-1] == ")":
            body = body[1:-1]
        sign = ""
        if len(body) == 2 and body[0] in ("+", "-"):
            sign, body = ("-" if body[0] == "-" else ""), body[1:]
        if len(body) != 1 or not NUMBER_RE.fullmatch(body[0].encode()):
            return None
        return sign + body[0]

    def _expand(self, toks: list[str], depth: int, hide: frozenset[str]) -> list[str] | None:
        """A small macro expander (no # or ##): None when it cannot tell."""
        if depth > 40:
            return None
        out: list[str] = []
        i = 0
        while i < len(toks):
            t = toks[i]
            if t in ("#", "##"):
                return None
            m = self.macros.get(t) if t not in hide else None
            if m is None:
                out.append(t)
                i += 1
                continue
            if not m.function_like:
                sub = self._expand(m.body, depth + 1, hide | {t})
                if sub is None:
                    return None
                out += sub
                i += 1
                continue
            if i + 1 >= len(toks) or toks[i + 1] != "(":
                out.append(t)
                i += 1
                continue
            args: list[list[str]] = []
            cur: list[str] = []
            level, j = 0, i + 2
            while j < len(toks):
                tk = toks[j]
                if tk == ")" and level == 0:
                    break
                if tk == "," and level == 0:
                    args.append(cur)
                    cur = []
                else:
                    level += (tk == "(") - (tk == ")")
                    cur.append(tk)
                j += 1
            else:
                return None
            args.append(cur)
            pb = m.params_body()
            if pb is None:
                return None
            params, body = pb
            if not params and args == [[]]:
                args = []
            if len(args) != len(params):
                return None
            expanded = [self._expand(a, depth + 1, hide) for a in args]
            if any(a is None for a in expanded):
                return None
            body2: list[str] = []
            for bt in body:
                body2 += expanded[params.index(bt)] or [] if bt in params else [bt]
            sub = self._expand(body2, depth + 1, hide | {t})
            if sub is None:
                return None
            out += sub
            i = j + 1
        return out


def read_source(path: str) -> tuple[bytes, str]:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise PolyrlError(f"cannot read file: {e.strerror or e}", path) from None
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        col = nul - (data.rfind(b"\n", 0, nul) + 1) + 1
        raise PolyrlError("binary file (NUL byte), not C source", path, line, col)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise PolyrlError("file is not valid UTF-8 text, not C source", path, line, col) from None
    return data, text


def parse(path: str, defines: dict[str, str] | None = None, include_dirs=()) -> Source:
    data, text = read_source(path)
    if not text.strip():
        raise PolyrlError("file is empty / has no loop nest", path, 1, 1)
    args = ["-x", "c", "-std=gnu11", "-ferror-limit=0"]
    inc = _builtin_include()
    if inc:
        args += ["-isystem", inc]
    args += ["-I", os.path.dirname(os.path.abspath(path))]
    for d in include_dirs or ():
        args += ["-I", str(d)]
    for k, v in (defines or {}).items():
        args.append(f"-D{k}" if v is None else f"-D{k}={v}")
    try:
        tu = _index().parse(path, args=args, options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    except ci.TranslationUnitLoadError as e:
        raise PolyrlError(f"cannot parse: {e}", path, 1, 1) from None
    for d in tu.diagnostics:
        # errors inside system headers come from gcc/clang header differences (omp.h,
        # immintrin.h), not from the user: skip them; what they break shows up in the file
        if d.severity >= ci.Diagnostic.Error and not (d.location.file is not None
                                                      and d.location.is_in_system_header):
            loc = d.location
            where = loc.file.name if loc.file is not None else path
            if loc.file is not None and os.path.realpath(where) == os.path.realpath(path):
                where = path
            msg = " ".join(d.spelling.split())
            raise PolyrlError(f"cannot parse: {msg}", where, loc.line or 1, loc.column or 1)
    macros: dict[str, Macro] = {}
    lib = _lib()
    for c in tu.cursor.get_children():
        if c.kind != CursorKind.MACRO_DEFINITION:
            continue
        fl = bool(lib.clang_Cursor_isMacroFunctionLike(c))
        f = c.extent.start.file
        macros[c.spelling] = Macro(c.spelling, fl, f.name if f is not None else None,
                                   (c.extent.start.offset, c.extent.end.offset))
    for k, v in (defines or {}).items():
        macros[k] = Macro(k, False, None, (0, 0), ["1"] if v is None else _lex(str(v)))
    src = Source(path, data, text, tu, macros)
    return src


def _lex(s: str) -> list[str]:
    return re.findall(r"[A-Za-z_]\w*|\.?\d(?:[eEpP][+-]|[\w.])*|\S", s)

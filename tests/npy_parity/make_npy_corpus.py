#!/usr/bin/env python3
"""Writes the .npy parity corpus: valid, edge-case and malformed files, one per case.

Usage: make_npy_corpus.py DIR. Each file is DIR/<case>.npy. The bytes are built by hand (not with
numpy), so that the corpus does not depend on what numpy can write; numpy only judges them, in
npy_parity.py.
"""
import struct
import sys
from pathlib import Path

MAGIC = b"\x93NUMPY"


def header_dict(descr="'<f4'", fortran="False", shape="(3,)"):
    return "{'descr': %s, 'fortran_order': %s, 'shape': %s, }" % (descr, fortran, shape)


def npy(header, data=b"", version=(1, 0), pad=True, magic=MAGIC, length=None, encoding="latin1"):
    """An .npy image: magic, version, header length, header (padded like numpy) and data."""
    text = header.encode(encoding) if isinstance(header, str) else header
    size_format = "<H" if version[0] == 1 else "<I"
    prefix = len(magic) + 2 + struct.calcsize(size_format)
    if pad:
        text += b" " * ((64 - (prefix + len(text) + 1) % 64) % 64) + b"\n"
    if length is None:
        length = len(text)
    return magic + bytes(version) + struct.pack(size_format, length) + text + data


def f4(*values, order="<"):
    return struct.pack(order + "%df" % len(values), *values)


def f8(*values, order="<"):
    return struct.pack(order + "%dd" % len(values), *values)


def ints(code, *values, order="<"):
    return struct.pack(order + "%d%s" % (len(values), code), *values)


NAN_INF = struct.pack("<4f", float("nan"), float("inf"), float("-inf"), -0.0)
THREE_F4 = f4(1.5, -2.0, 3.25)


def cases():
    c = {}
    h = header_dict
    # ---- valid files of the six supported dtypes, three versions ------------------------------
    c["valid_f4"] = npy(h(), THREE_F4)
    c["valid_f8"] = npy(h("'<f8'"), f8(1.5, -2.0, 1e300))
    c["valid_i4"] = npy(h("'<i4'"), ints("i", -1, 2**31 - 1, -(2**31)))
    c["valid_u4"] = npy(h("'<u4'"), ints("I", 0, 1, 2**32 - 1))
    c["valid_i8"] = npy(h("'<i8'"), ints("q", -(2**63), 0, 2**63 - 1))
    c["valid_u8"] = npy(h("'<u8'"), ints("Q", 0, 2**63, 2**64 - 1))
    c["valid_nan_inf_f4"] = npy(h(shape="(4,)"), NAN_INF)
    c["version_2_0"] = npy(h(), THREE_F4, version=(2, 0))
    c["version_3_0"] = npy(h(), THREE_F4, version=(3, 0), encoding="utf8")
    c["native_order_descr"] = npy(h("'=f4'"), THREE_F4)
    c["no_order_descr"] = npy(h("'f4'"), THREE_F4)
    c["not_applicable_order_descr"] = npy(h("'|f4'"), THREE_F4)
    # ---- versions numpy does not read --------------------------------------------------------
    c["version_1_9"] = npy(h(), THREE_F4, version=(1, 9))
    c["version_0_0"] = npy(h(), THREE_F4, version=(0, 0))
    c["version_4_0"] = npy(h(), THREE_F4, version=(4, 0))
    c["version_2_1"] = npy(h(), THREE_F4, version=(2, 1))
    # ---- magic and truncation ----------------------------------------------------------------
    c["bad_magic"] = npy(h(), THREE_F4, magic=b"\x93NUMPZ")
    c["empty_file"] = b""
    c["magic_only"] = MAGIC
    c["truncated_header_length"] = MAGIC + b"\x01\x00\x40"
    c["truncated_header"] = npy(h(), b"", length=200, pad=False)
    c["truncated_data"] = npy(h(), THREE_F4[:-2])
    c["data_missing"] = npy(h())
    c["header_length_zero"] = npy(b"", THREE_F4, pad=False)
    c["trailing_bytes"] = npy(h(), THREE_F4 + b"\0\0\0\0")
    # ---- header dict syntax ------------------------------------------------------------------
    c["duplicate_descr_last_wins"] = npy(
        "{'descr': '<i4', 'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", THREE_F4)
    c["duplicate_shape_last_wins"] = npy(
        "{'descr': '<f4', 'fortran_order': False, 'shape': (7,), 'shape': (3,)}", THREE_F4)
    c["extra_key"] = npy(
        "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'extra': 1}", THREE_F4)
    c["missing_fortran_order"] = npy("{'descr': '<f4', 'shape': (3,), }", THREE_F4)
    c["missing_shape"] = npy("{'descr': '<f4', 'fortran_order': False, }", THREE_F4)
    c["missing_descr"] = npy("{'fortran_order': False, 'shape': (3,), }", THREE_F4)
    c["empty_dict"] = npy("{}", THREE_F4)
    c["junk_after_shape"] = npy(
        "{'descr': '<f4', 'fortran_order': False, 'shape': (3,) junk}", THREE_F4)
    c["junk_after_dict"] = npy(h() + " junk", THREE_F4)
    c["unclosed_dict"] = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), ", THREE_F4)
    c["not_a_dict"] = npy("[('descr', '<f4')]", THREE_F4)
    c["no_whitespace"] = npy("{'descr':'<f4','fortran_order':False,'shape':(3,)}", THREE_F4)
    c["odd_whitespace"] = npy(
        "{ 'descr' :\t'<f4' ,\n 'fortran_order'  :  False ,\r\n 'shape' : ( 3 , ) ,\t}", THREE_F4)
    c["comment_in_header"] = npy(
        "{'descr': '<f4', # the type\n 'fortran_order': False, 'shape': (3,)}", THREE_F4)
    c["double_quotes"] = npy('{"descr": "<f4", "fortran_order": False, "shape": (3,)}', THREE_F4)
    c["keys_reordered"] = npy("{'shape': (3,), 'descr': '<f4', 'fortran_order': False}", THREE_F4)
    c["no_trailing_newline"] = npy(h(), THREE_F4, pad=False)
    c["nul_in_header"] = npy(h() + "\0", THREE_F4)
    c["lowercase_false"] = npy(h(fortran="false"), THREE_F4)
    c["fortran_order_string"] = npy(h(fortran="'False'"), THREE_F4)
    c["fortran_order_int"] = npy(h(fortran="0"), THREE_F4)
    c["descr_unquoted"] = npy(h(descr="f4"), THREE_F4)
    c["descr_with_space"] = npy(h(descr="'< f4'"), THREE_F4)
    c["unicode_prefix_key"] = npy("{'descr': '<f4', 'fortran_order': False, u'shape': (3,)}",
                                  THREE_F4)
    c["raw_string_descr"] = npy(h("r'<f4'"), THREE_F4)
    c["concatenated_descr"] = npy(h("'<f' \"4\""), THREE_F4)
    c["triple_quoted_descr"] = npy(h('"""<f4"""'), THREE_F4)
    c["escaped_key"] = npy("{'descr': '<f4', 'fortran_order': False, 'sh\\x61pe': (3,)}",
                           THREE_F4)
    c["bytes_descr"] = npy(h("b'<f4'"), THREE_F4)
    c["f_string_descr"] = npy(h("f'<f4'"), THREE_F4)
    c["header_over_10000_chars"] = npy(h() + " " * 10050, THREE_F4)
    # ---- shapes ------------------------------------------------------------------------------
    c["shape_0d_scalar"] = npy(h(shape="()"), f4(42.0))
    c["shape_empty"] = npy(h(shape="(0,)"), b"")
    c["shape_empty_2d"] = npy(h(shape="(3, 0)"), b"")
    c["shape_2d"] = npy(h(shape="(2, 3)"), f4(1, 2, 3, 4, 5, 6))
    c["shape_3d"] = npy(h(shape="(2, 1, 2)"), f4(1, 2, 3, 4))
    c["shape_int_not_tuple"] = npy(h(shape="(3)"), THREE_F4)
    c["shape_list"] = npy(h(shape="[3]"), THREE_F4)
    c["shape_float"] = npy(h(shape="(3.0,)"), THREE_F4)
    c["shape_double_comma"] = npy(h(shape="(3,,)"), THREE_F4)
    c["shape_with_spaces"] = npy(h(shape="( 3 , )"), THREE_F4)
    c["shape_long_suffix_v1"] = npy(h(shape="(3L,)"), THREE_F4)
    c["shape_long_suffix_v3"] = npy(h(shape="(3L,)"), THREE_F4, version=(3, 0))
    c["shape_leading_zero"] = npy(h(shape="(03,)"), THREE_F4)
    c["shape_huge"] = npy(h(shape="(4611686018427387904,)"), THREE_F4)
    c["shape_huge_2d_overflow"] = npy(h(shape="(4294967296, 4294967296)"), THREE_F4)
    c["shape_beyond_64_bits"] = npy(h(shape="(18446744073709551619,)"), THREE_F4)
    c["shape_negative"] = npy(h(shape="(-1,)"), THREE_F4)
    c["shape_bool"] = npy(h(shape="(True,)"), f4(1.0))
    c["shape_hex"] = npy(h(shape="(0x3,)"), THREE_F4)
    # ---- fortran order -----------------------------------------------------------------------
    c["fortran_1d"] = npy(h(fortran="True"), THREE_F4)
    c["fortran_0d"] = npy(h(fortran="True", shape="()"), f4(5.0))
    c["fortran_2d"] = npy(h(fortran="True", shape="(2, 3)"), f4(1, 2, 3, 4, 5, 6))
    # ---- byte order and dtypes ---------------------------------------------------------------
    c["big_endian_f4"] = npy(h("'>f4'"), f4(1.5, -2.0, 3.25, order=">"))
    c["big_endian_f8"] = npy(h("'>f8'"), f8(1.5, -2.0, 1e300, order=">"))
    c["big_endian_i8"] = npy(h("'>i8'"), ints("q", -5, 6, 2**62, order=">"))
    c["big_endian_u4"] = npy(h("'>u4'"), ints("I", 1, 2, 2**32 - 1, order=">"))
    c["dtype_f2"] = npy(h("'<f2'"), b"\0<\0<\0<")
    c["dtype_i2"] = npy(h("'<i2'"), ints("h", 1, 2, 3))
    c["dtype_u1"] = npy(h("'|u1'"), b"\1\2\3")
    c["dtype_bool"] = npy(h("'|b1'"), b"\1\0\1")
    c["dtype_c8"] = npy(h("'<c8'"), f4(1, 2, 3, 4, 5, 6))
    c["dtype_object"] = npy(h("'|O'"), b"\0" * 24)
    c["dtype_unicode"] = npy(h("'<U1'"), ints("I", 65, 66, 67))
    c["dtype_name_float32"] = npy(h("'float32'"), THREE_F4)
    c["dtype_structured"] = npy(h("[('a', '<f4')]"), THREE_F4)
    c["dtype_unknown"] = npy(h("'<q9'"), THREE_F4)
    c["dtype_non_ascii_v3"] = npy(h("'<f4\u00e9'"), THREE_F4, version=(3, 0), encoding="utf8")
    return c


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_npy_corpus.py DIR")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.npy"):
        old.unlink()
    for name, data in cases().items():
        (out / (name + ".npy")).write_bytes(data)
    print("%d files written to %s" % (len(cases()), out))


if __name__ == "__main__":
    main()

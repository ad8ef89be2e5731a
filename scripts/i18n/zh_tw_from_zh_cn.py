#!/usr/bin/env python3
"""Fills resources/translations/reducelab_zh_TW.ts from the Simplified Chinese translations in
reducelab_zh_CN.ts: OpenCC's s2twp conversion (Debian package `opencc`: Taiwan characters and
vocabulary), then the terms Traditional-Chinese teaching material on reductions uses (全域記憶體,
交錯尋址, 連續尋址, 追蹤, and "kernel" as in seed 000). Entries already translated in zh_TW are
kept unless --all is given. Review the result in Qt Linguist."""
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

root = Path(__file__).resolve().parents[2] / "resources/translations"
FIXUPS = [
    ("全域性", "全域"),
    ("几乎", "幾乎"),
    ("定址", "尋址"),
    ("跟蹤", "追蹤"),
    ("調優", "調校"),
    ("演示模式", "簡報模式"),
    ("內聯", "行內"),
]


def convert(texts):
    joined = "\n\u241e\n".join(t.replace("\n", "\u2424") for t in texts)
    out = subprocess.run(["opencc", "-c", "s2twp.json"], input=joined, capture_output=True,
                         text=True, check=True).stdout
    result = []
    for t in out.split("\n\u241e\n"):
        t = t.rstrip("\n").replace("\u2424", "\n")
        for a, b in FIXUPS:
            t = t.replace(a, b)
        # 内核 -> 核心 -> "kernel", spaced from neighbouring Han characters as in seed 000.
        t = re.sub(r"核心", " kernel ", t)
        t = re.sub(r" kernel (?=[，。：；、（）「」“”！？\n)]|$)", " kernel", t)
        t = re.sub(r"(^|[，。：；、（「“\n(>]) kernel ", r"\1kernel ", t)
        t = re.sub(r"  +", " ", t)
        result.append(t)
    return result


def main():
    redo = "--all" in sys.argv
    cn = ET.parse(root / "reducelab_zh_CN.ts")
    source_to_cn = {}
    for ctx in cn.getroot().iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            tr = m.find("translation")
            forms = [f.text or "" for f in tr.iter("numerusform")] or [tr.text or ""]
            source_to_cn[(name, m.findtext("source"))] = forms
    tw_path = root / "reducelab_zh_TW.ts"
    tw = ET.parse(tw_path)
    todo = []
    for ctx in tw.getroot().iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            tr = m.find("translation")
            if not redo and tr.get("type") != "unfinished":
                continue
            forms = source_to_cn.get((name, m.findtext("source")))
            if forms and all(forms):
                todo.append((m, tr, forms))
    flat = convert([f for _, _, forms in todo for f in forms])
    i = 0
    for m, tr, forms in todo:
        converted = flat[i:i + len(forms)]
        i += len(forms)
        tr.attrib.pop("type", None)
        if m.get("numerus") == "yes":
            for child in list(tr):
                tr.remove(child)
            for form in converted:
                ET.SubElement(tr, "numerusform").text = form
        else:
            tr.text = converted[0]
    tw.write(tw_path, encoding="utf-8", xml_declaration=True)
    text = tw_path.read_text(encoding="utf-8").replace("<?xml version='1.0' encoding='utf-8'?>",
                                                      '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>')
    tw_path.write_text(text + ("" if text.endswith("\n") else "\n"), encoding="utf-8")
    print(f"{len(todo)} zh_TW entries filled", file=sys.stderr)


main()

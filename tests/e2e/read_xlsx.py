"""Reads xlsx files with openpyxl (Debian's python3-openpyxl), independently of exceljs,
and prints {file: {"frozen": ..., "header_bold": ..., "rows": [[...], ...]}} as JSON.
Dates become YYYY-MM-DD strings; numbers stay numbers."""
import datetime
import json
import sys

import openpyxl

out = {}
for path in sys.argv[1:]:
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[0]
    rows = []
    for row in ws.iter_rows(values_only=True):
        rows.append([v.strftime('%Y-%m-%d') if isinstance(v, (datetime.date, datetime.datetime)) else v for v in row])
    out[path] = {
        "frozen": ws.freeze_panes,
        "header_bold": bool(ws.cell(row=1, column=1).font.b),
        "rows": rows,
    }
print(json.dumps(out, ensure_ascii=False))

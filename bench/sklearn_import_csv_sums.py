#!/usr/bin/env python3
"""Reference column sums for Plate's CSV importer test (CsvSumsTest).

Reads each CSV with Python's csv module (header row, class in the last column), drops the cells that are
missing ('?', empty, 'NA'), parses the rest of every numeric column with float(), and prints, per
column, the number of values and math.fsum of them (the correctly rounded exact sum) as repr. The Java
test sums Plate's parsed doubles exactly (BigDecimal) and compares bit for bit, so every cell must parse
to the same double as Python's float().

  python3 bench/sklearn_import_csv_sums.py . > bundles/io.plate.importers/src/test/resources/csv-column-sums.txt
"""
import csv, math, sys

FILES = ['spambase/spambase.csv', 'wine/wine.csv', 'pima-indians-diabetes/MASS_Pima.tr2.csv',
         'wine-quality/winequality-white.csv', 'breast-cancer-wisconsin-diagnostic/wdbc.csv']


def main(shared):
    print('# per numeric column: FILE|COLUMN|count|fsum  (Python %s csv + float + math.fsum)' % sys.version.split()[0])
    for rel in FILES:
        with open(shared + '/data/' + rel, newline='', encoding='utf-8') as f:
            rows = list(csv.reader(f))
        h, rows = rows[0], [r for r in rows[1:] if r]
        for j in range(len(h) - 1):
            vals = [r[j] for r in rows if r[j] not in ('?', '', 'NA')]
            try:
                xs = [float(v) for v in vals]
            except ValueError:
                continue  # a categorical column
            print('%s|%s|%d|%r' % (rel, h[j], len(xs), math.fsum(xs)))


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else '.')

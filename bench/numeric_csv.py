"""Writes a CSV of standard normal numbers and a class c0/c1, to time plate:import on numeric data.

python3 bench/numeric_csv.py big.csv --rows 200000 --columns 10 --seed 1   (19.6 MB; docs/importers.md)
"""
import argparse

import numpy as np

p = argparse.ArgumentParser()
p.add_argument("out")
p.add_argument("--rows", type=int, default=200000)
p.add_argument("--columns", type=int, default=10)
p.add_argument("--seed", type=int, default=1)
a = p.parse_args()
x = np.random.default_rng(a.seed).standard_normal((a.rows, a.columns))
with open(a.out, "w") as f:
    f.write(",".join(f"x{i}" for i in range(a.columns)) + ",c\n")
    for r in range(a.rows):
        f.write(",".join(f"{v:.6f}" for v in x[r]) + (",c0\n" if r % 2 else ",c1\n"))

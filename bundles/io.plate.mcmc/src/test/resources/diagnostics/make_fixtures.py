"""Makes the diagnostics fixtures from ArviZ (the reference implementation of Vehtari et al. 2021).

Run from this directory:  pip install arviz==0.23.4 numpy && python3 make_fixtures.py
Writes one CASE.csv per case (rows = draws, columns = chains) and expected.csv with ArviZ's figures.
"""
import numpy as np
import arviz as az
from arviz.stats.diagnostics import _rhat, _ess

rng = np.random.default_rng(20261122)

def ar1(chains, draws, phi, shift=None):
    x = np.zeros((chains, draws))
    for c in range(chains):
        e = rng.standard_normal(draws)
        v = rng.standard_normal() / np.sqrt(1 - phi * phi)
        for d in range(draws):
            v = phi * v + e[d]
            x[c, d] = v
        if shift is not None:
            x[c] += shift[c]
    return x

cases = {
    "iid_4x1000": rng.standard_normal((4, 1000)),
    "ar1_0.9_4x500": ar1(4, 500, 0.9),
    "ar1_0.5_2x301_odd": ar1(2, 301, 0.5),
    "shifted_3x200": ar1(3, 200, 0.3, shift=[0.0, 0.0, 1.5]),
    "heavy_tail_4x250": rng.standard_t(2.0, size=(4, 250)),
    "ties_poisson_4x200": rng.poisson(2.0, size=(4, 200)).astype(float),
    "one_chain_1x400": ar1(1, 400, 0.7),
    "antithetic_2x100": ar1(2, 100, -0.6),
}

with open("expected.csv", "w") as out:
    out.write("case,rhat_rank,ess_bulk,ess_tail,rhat_identity,ess_identity\n")
    for name, x in cases.items():
        np.savetxt(name + ".csv", x.T, delimiter=",", fmt="%.17g")
        r = az.rhat(x, method="rank")
        eb = az.ess(x, method="bulk")
        et = az.ess(x, method="tail")
        ri = _rhat(x) if x.shape[0] > 1 else float("nan")
        ei = _ess(x)
        out.write("%s,%.17g,%.17g,%.17g,%.17g,%.17g\n" % (name, r, eb, et, ri, ei))

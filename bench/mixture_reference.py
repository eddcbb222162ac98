"""Independent reference samplers for Plate's Gaussian mixtures (numpy only; not used by Plate).

Collapsed Gibbs for the finite mixture (symmetric Dirichlet(alpha) weights) and Neal (2000) Algorithm 3
for the Dirichlet-process mixture (alpha fixed here, or resampled by Escobar-West), both with full
covariances under a Normal-Inverse-Wishart(mu0, kappa0, nu0, Psi0) prior and the multivariate Student-t
predictive (Murphy 2007, section 9). Priors as Plate's earlier defaults (mixture_agreement.py gives them to
Plate explicitly): mu0 = data mean, kappa0 = 0.01, nu0 = d + 2, Psi0 = nu0 * prior_scale * cov(data) (cov with
n - 1), prior_scale = 0.1.

Written from the formulas, not from Plate's code. Used by bench/mixture_agreement.py.
"""
import math

import numpy as np
from scipy.special import gammaln


class NIW:
    def __init__(self, X, kappa0=0.01, nu0=None, scale=0.1):
        self.X = np.asarray(X, float)
        n, d = self.X.shape
        self.d = d
        self.mu0 = self.X.mean(0)
        self.kappa0 = kappa0
        self.nu0 = d + 2.0 if nu0 is None else nu0
        self.psi0 = self.nu0 * scale * np.cov(self.X.T, ddof=1).reshape(d, d)

    def log_predictive(self, x, cnt, s, ss):
        """log Student-t predictive of x for each cluster j with cnt[j] rows, sum s[j] and sum of outer
        products ss[j] (arrays over the candidate clusters)."""
        d = self.d
        kn = self.kappa0 + cnt
        nun = self.nu0 + cnt
        mun = (self.kappa0 * self.mu0 + s) / kn[:, None]
        # Psi_n = Psi0 + ss - cnt xbar xbar' + kappa0 cnt / kn (xbar - mu0)(xbar - mu0)'
        #       = Psi0 + ss + kappa0 mu0 mu0' - kn mun mun'
        psin = (self.psi0 + ss + self.kappa0 * np.outer(self.mu0, self.mu0)
                - kn[:, None, None] * mun[:, :, None] * mun[:, None, :])
        dof = nun - d + 1
        shape = psin * ((kn + 1) / (kn * dof))[:, None, None]
        L = np.linalg.cholesky(shape)
        r = np.linalg.solve(L, (x - mun)[:, :, None])[:, :, 0]
        q = (r * r).sum(1)
        logdet = np.log(np.diagonal(L, axis1=1, axis2=2)).sum(1)
        return (gammaln((dof + d) / 2) - gammaln(dof / 2) - d / 2 * np.log(dof * math.pi)
                - logdet - (dof + d) / 2 * np.log1p(q / dof))


def run(X, k, sweeps, burn, seed, dp=False, alpha=1.0, alpha_prior=None, start=None):
    """Returns (list of kept partitions as int arrays, list of kept non-empty cluster counts)."""
    rng = np.random.default_rng(seed)
    model = NIW(X)
    X = model.X
    n, d = X.shape
    z = rng.integers(0, k, n) if start is None else np.array(start)
    cap = n + 1 if dp else k
    cnt = np.zeros(cap)
    s = np.zeros((cap, d))
    ss = np.zeros((cap, d, d))
    for i in range(n):
        cnt[z[i]] += 1
        s[z[i]] += X[i]
        ss[z[i]] += np.outer(X[i], X[i])
    kept, ks = [], []
    for sweep in range(sweeps):
        for i in range(n):
            x = X[i]
            c = z[i]
            cnt[c] -= 1
            s[c] -= x
            ss[c] -= np.outer(x, x)
            if dp:
                active = np.flatnonzero(cnt > 0)
                fresh = np.flatnonzero(cnt == 0)[0]
                cand = np.append(active, fresh)
                w = np.array([math.log(cnt[j]) if cnt[j] > 0 else math.log(alpha) for j in cand])
            else:
                cand = np.arange(k)
                w = np.log(cnt + alpha)
            lw = w + model.log_predictive(x, cnt[cand], s[cand], ss[cand])
            p = np.exp(lw - lw.max())
            c = cand[rng.choice(len(cand), p=p / p.sum())]
            z[i] = c
            cnt[c] += 1
            s[c] += x
            ss[c] += np.outer(x, x)
        if dp and alpha_prior is not None:
            a, b = alpha_prior
            kk = int((cnt > 0).sum())
            eta = rng.beta(alpha + 1, n)
            odds = (a + kk - 1) / (n * (b - math.log(eta)))
            shape = a + kk if rng.random() < odds / (1 + odds) else a + kk - 1
            alpha = rng.gamma(shape, 1 / (b - math.log(eta)))
        if sweep >= burn:
            kept.append(z.copy())
            ks.append(int((cnt > 0).sum()))
    return kept, ks

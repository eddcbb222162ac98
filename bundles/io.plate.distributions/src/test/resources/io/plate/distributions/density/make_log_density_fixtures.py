"""Reference log densities at 40 significant digits (mpmath), for LogDensityTest.

Run from this folder:  python3 make_log_density_fixtures.py > log_densities.csv
Needs mpmath (pip install mpmath). Columns: distribution,p1,p2,p3,x,log_density.
"""
import mpmath as m

m.mp.dps = 40


def gamma(k, theta, x):
    k, theta, x = m.mpf(k), m.mpf(theta), m.mpf(x)
    return (k - 1) * m.log(x) - x / theta - m.loggamma(k) - k * m.log(theta)


def beta(a, b, x):
    a, b, x = m.mpf(a), m.mpf(b), m.mpf(x)
    return (a - 1) * m.log(x) + (b - 1) * m.log1p(-x) - (m.loggamma(a) + m.loggamma(b) - m.loggamma(a + b))


def student_t(df, loc, scale, x):
    df, loc, scale, x = m.mpf(df), m.mpf(loc), m.mpf(scale), m.mpf(x)
    z = (x - loc) / scale
    return (m.loggamma((df + 1) / 2) - m.loggamma(df / 2) - m.log(df * m.pi) / 2 - m.log(scale)
            - (df + 1) / 2 * m.log1p(z * z / df))


rows = [
    ("gamma", gamma, (1e-3, 1, 0), 1.2889241597584914e-9),
    ("gamma", gamma, (1e-3, 1, 0), 1e-300),
    ("gamma", gamma, (1e-3, 2.5, 0), 0.7),
    ("gamma", gamma, (0.3, 1, 0), 0.01),
    ("gamma", gamma, (4.5, 1, 0), 3.2),
    ("gamma", gamma, (1e6, 1, 0), 1000500.0),
    ("gamma", gamma, (1e6, 0.001, 0), 1000.3),
    ("beta", beta, (0.01, 0.01, 0), 1e-9),
    ("beta", beta, (0.5, 2, 0), 0.3),
    ("beta", beta, (300, 100, 0), 0.74),
    ("beta", beta, (1e-3, 5, 0), 1e-200),
    ("student-t", student_t, (0.5, 0, 1), 3.0),
    ("student-t", student_t, (3, 2, 0.5), 2.7),
    ("student-t", student_t, (1e6, 0, 1), 1.5),
    ("student-t", student_t, (1e12, 0, 1), 1.5),
]
print("distribution,p1,p2,p3,x,log_density")
for name, f, (p1, p2, p3), x in rows:
    args = (p1, p2, p3, x) if name == "student-t" else (p1, p2, x)
    print(f"{name},{p1!r},{p2!r},{p3!r},{x!r},{m.nstr(f(*args), 25)}")

"""numpy's vectorised draw throughput for the cases of docs/distributions.md (the reference figure
for the Java DrawBenchmark). One thread; each case draws SIZE variates per call, repeated for about
0.6 s of this thread's CPU time, 5 rounds, median reported, in draws per CPU second (per core, like
the Java side, so that other work on a shared machine does not count). numpy's Generator is PCG64 here, like-for-like with one
64-bit generator per stream on the Java side.

Run:  python3 bench/numpy_draws.py
"""
import os
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np

SIZE = 1_000_000


def measure(fn, units_per_call):
    fn()  # warm-up
    rates = []
    for _ in range(5):
        calls = 0
        t0 = time.thread_time()
        while True:
            fn()
            calls += 1
            dt = time.thread_time() - t0
            if dt > 0.6:
                break
        rates.append(calls * units_per_call / dt)
    rates.sort()
    return rates[2]


def main():
    rng = np.random.default_rng(12345)
    log_w = -0.37 * np.arange(20) + np.sin(np.arange(20))
    p = np.exp(log_w - log_w.max())
    p /= p.sum()
    alpha = np.full(8, 0.1)
    cases = [
        ("gamma(0.3)", lambda: rng.gamma(0.3, size=SIZE), SIZE),
        ("gamma(4.5)", lambda: rng.gamma(4.5, size=SIZE), SIZE),
        ("beta(0.5, 2)", lambda: rng.beta(0.5, 2.0, size=SIZE), SIZE),
        ("dirichlet(8 x 0.1)", lambda: rng.dirichlet(alpha, size=SIZE // 8), SIZE // 8),
        ("categorical(20 log weights), vectorised choice", lambda: rng.choice(20, size=SIZE, p=p), SIZE),
    ]
    print(f"numpy {np.__version__}, one thread, {SIZE} per call")
    print("| distribution | numpy Generator (draws/s) |")
    print("|---|---:|")
    for name, fn, units in cases:
        r = measure(fn, units)
        print(f"| {name} | {r / 1e6:.1f} M |")


if __name__ == "__main__":
    main()

package io.plate.distributions.impl;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact binomial variates for any number of trials. While more than {@value #DIRECT} trials remain,
 * Knuth's order-statistic split (TAOCP vol. 2, 3.4.1, exercise 27) draws the a-th smallest of n
 * uniforms as Beta(a, n + 1 − a) (from two Marsaglia–Tsang gammas) and recurses into the side that
 * holds p; at most log₂ n splits. The remaining few trials use sequential inversion (Kachitvichyanukul
 * and Schmeiser's BINV) from the smaller of p and 1 − p. Stateless.
 */
public final class BinomialKernel {
    static final int DIRECT = 48;

    private BinomialKernel() {
    }

    public static int next(UniformRandomProvider rng, int trials, double p) {
        if (p <= 0 || trials == 0) {
            return 0;
        }
        if (p >= 1) {
            return trials;
        }
        int n = trials;
        int k = 0;
        while (n > DIRECT) {
            int a = 1 + n / 2;
            int b = n + 1 - a;
            double ga = MarsagliaTsang.next(rng, a);
            double x = ga / (ga + MarsagliaTsang.next(rng, b));
            if (x >= p) {
                n = a - 1;
                p = p / x;
            } else {
                k += a;
                n = b - 1;
                p = (p - x) / (1 - x);
            }
        }
        return k + inversion(rng, n, p);
    }

    private static int inversion(UniformRandomProvider rng, int n, double p) {
        if (p > 0.5) {
            return n - inversion(rng, n, 1 - p);
        }
        if (n == 0 || p <= 0) {
            return 0;
        }
        double q = 1 - p;
        double s = p / q;
        double a = (n + 1) * s;
        double r = Math.pow(q, n);
        double u = rng.nextDouble();
        int x = 0;
        while (u > r && x < n) {
            u -= r;
            x++;
            r *= a / x - s;
        }
        return x;
    }
}

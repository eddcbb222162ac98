package io.plate.distributions.numerics;

/**
 * Log-space arithmetic: the one shared {@code logSumExp} and normalise-from-logs of every bundle.
 * All methods handle {@code -Infinity} entries (probability zero) exactly; an all {@code -Infinity}
 * input has log-sum-exp {@code -Infinity}.
 */
public final class LogMath {
    private static final double LN2 = Math.log(2.0);
    /**
     * Terms of a log-sum-exp this far below the largest are skipped: exp(-50) < 2e-22, so even 10^5 of
     * them add less than 2e-17 to a sum that is at least 1 (the largest term), under half of its last
     * place (1.1e-16): the result is the same to within one rounding.
     */
    private static final double NEGLIGIBLE = -50;

    private LogMath() {
    }

    /** log(exp(a) + exp(b)) without overflow. */
    public static double logAddExp(double a, double b) {
        if (a == Double.NEGATIVE_INFINITY) {
            return b;
        }
        if (b == Double.NEGATIVE_INFINITY) {
            return a;
        }
        return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
    }

    /** log Σ exp(x[i]) over the whole array. */
    public static double logSumExp(double[] x) {
        return logSumExp(x, 0, x.length);
    }

    /** log Σ exp(x[i]) for {@code from <= i < to}. */
    public static double logSumExp(double[] x, int from, int to) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = from; i < to; i++) {
            if (x[i] > max) {
                max = x[i];
            }
        }
        if (max == Double.NEGATIVE_INFINITY || max == Double.POSITIVE_INFINITY || Double.isNaN(max)) {
            // NaN max cannot happen through '>' (NaN compares false); check entries for NaN explicitly
            for (int i = from; i < to; i++) {
                if (Double.isNaN(x[i])) {
                    return Double.NaN;
                }
            }
            return max;
        }
        double s = 0;
        for (int i = from; i < to; i++) {
            double d = x[i] - max;
            if (!(d <= NEGLIGIBLE)) { // exp(d) below 2e-22 is lost in the sum (>= 1) anyway; NaN goes on
                s += Math.exp(d);
            }
        }
        return max + Math.log(s);
    }

    /**
     * Normalises {@code x[from..to)} in place so that its log-sum-exp is 0 and returns the log-sum-exp
     * it had (the log normaliser).
     *
     * @throws IllegalArgumentException when every entry is {@code -Infinity} or any is NaN
     */
    public static double normalizeLog(double[] x, int from, int to) {
        double lse = logSumExp(x, from, to);
        if (!(lse > Double.NEGATIVE_INFINITY) || Double.isInfinite(lse)) {
            throw new IllegalArgumentException("cannot normalise log weights: log-sum-exp is " + lse);
        }
        for (int i = from; i < to; i++) {
            x[i] -= lse;
        }
        return lse;
    }

    /** {@link #normalizeLog(double[], int, int)} over the whole array. */
    public static double normalizeLog(double[] x) {
        return normalizeLog(x, 0, x.length);
    }

    /**
     * Writes {@code exp(x[i] - logSumExp(x))} into {@code out[i]} for {@code from <= i < to}: probabilities
     * from log weights. Returns the log normaliser.
     */
    public static double probabilitiesFromLog(double[] x, int from, int to, double[] out) {
        double lse = logSumExp(x, from, to);
        if (!(lse > Double.NEGATIVE_INFINITY) || Double.isInfinite(lse)) {
            throw new IllegalArgumentException("cannot normalise log weights: log-sum-exp is " + lse);
        }
        for (int i = from; i < to; i++) {
            out[i] = Math.exp(x[i] - lse);
        }
        return lse;
    }

    /**
     * log(1 - exp(x)) for {@code x <= 0}, accurate near both ends (Mächler 2012): {@code log(-expm1(x))}
     * for x > -ln 2, else {@code log1p(-exp(x))}.
     */
    public static double log1mExp(double x) {
        if (!(x <= 0)) {
            throw new IllegalArgumentException("log1mExp needs x <= 0, got " + x);
        }
        return x > -LN2 ? Math.log(-Math.expm1(x)) : Math.log1p(-Math.exp(x));
    }

    /** log(1 + exp(x)) without overflow. */
    public static double log1pExp(double x) {
        if (x <= -37) {
            return Math.exp(x);
        }
        if (x <= 18) {
            return Math.log1p(Math.exp(x));
        }
        if (x <= 33.3) {
            return x + Math.exp(-x);
        }
        return x;
    }

    /**
     * A streaming log-sum-exp: {@code add} values one at a time, read {@link #value()} at any point.
     * Not thread-safe; reuse with {@link #reset()} to avoid allocation in loops.
     */
    public static final class Accumulator {
        private double max = Double.NEGATIVE_INFINITY;
        private double sum;

        public void add(double x) {
            if (Double.isNaN(x)) {
                max = Double.NaN;
                return;
            }
            if (x == Double.NEGATIVE_INFINITY || Double.isNaN(max)) {
                return;
            }
            if (x <= max) {
                sum += Math.exp(x - max);
            } else {
                sum = sum * Math.exp(max - x) + 1.0;
                max = x;
            }
        }

        public double value() {
            if (Double.isNaN(max)) {
                return Double.NaN;
            }
            return max == Double.NEGATIVE_INFINITY ? max : max + Math.log(sum);
        }

        public void reset() {
            max = Double.NEGATIVE_INFINITY;
            sum = 0;
        }
    }
}

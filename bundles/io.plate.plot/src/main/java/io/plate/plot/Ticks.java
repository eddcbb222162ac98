package io.plate.plot;

import java.util.Locale;

/**
 * Round tick values of an axis: multiples of a step of 1, 2 or 5 times a power of ten, at most {@code max}
 * of them from a tick at or below the data's low end to one at or above its high end, with labels of
 * as many decimals as the step needs.
 *
 * @param values the ticks, low to high; the first and last bound the axis
 * @param decimals decimals of a label (0 for whole steps)
 */
record Ticks(double[] values, int decimals) {
    /** A range at most this fraction of its values' size is one value up to rounding (a constant). */
    static final double ROUNDING = 1e-9;
    /** A constant's axis reaches this fraction of its value either side (±1 around 0). */
    static final double CONSTANT_SPAN = 1e-3;
    /** Labels with more decimals than this are written in scientific notation. */
    private static final int MAX_DECIMALS = 6;

    /** Ticks over [lo, hi], not only whole numbers. */
    static Ticks of(double lo, double hi, int max) {
        return of(lo, hi, max, false);
    }

    /**
     * Ticks over [lo, hi], whole numbers only when {@code whole} (iterations). The one rule for an empty
     * range: a constant (up to rounding, {@link #ROUNDING}) gets a narrow axis around its value,
     * {@link #CONSTANT_SPAN} of it either side (at least 1 for whole ticks), so a flat log joint at -1250
     * reads -1,252 … -1,248, not 0 … -2,500 (the range was widened by the power of ten of the value).
     */
    static Ticks of(double lo, double hi, int max, boolean whole) {
        double size = Math.max(Math.abs(lo), Math.abs(hi));
        if (!(hi - lo > ROUNDING * size)) {
            double mid = lo + (hi - lo) / 2;
            double pad = size == 0 ? 1 : CONSTANT_SPAN * size;
            pad = whole ? Math.max(1, pad) : pad;
            lo = mid - pad;
            hi = mid + pad;
        }
        double step = Plot.niceStep((hi - lo) / Math.max(1, max - 1));
        step = whole ? Math.max(1, step) : step;
        while (true) {
            long first = (long) Math.floor(lo / step + 1e-9);
            long last = (long) Math.ceil(hi / step - 1e-9);
            if (last - first + 1 <= max) {
                int exponent = (int) Math.floor(Math.log10(step) + 1e-9);
                int decimals = Math.max(0, -exponent);
                double[] v = new double[(int) (last - first + 1)];
                for (int i = 0; i < v.length; i++) {
                    // index times step, rounded to the step's decimals so that 0.30000000000000004 reads 0.3
                    v[i] = round((first + i) * step, decimals);
                }
                return new Ticks(v, decimals);
            }
            step = Plot.niceStep(step * 1.5);
        }
    }

    private static double round(double v, int decimals) {
        return new java.math.BigDecimal(v).setScale(decimals, java.math.RoundingMode.HALF_EVEN).doubleValue();
    }

    double low() {
        return values[0];
    }

    double high() {
        return values[values.length - 1];
    }

    /**
     * {@code v} with this axis's decimals, thousands grouped ({@code 1,500}, {@code 0.25}); past
     * {@value #MAX_DECIMALS} decimals, a mantissa with the digits the step needs ({@code 1.0005e-09}).
     */
    String label(double v) {
        if (decimals <= MAX_DECIMALS) {
            return String.format(Locale.ROOT, "%,." + decimals + "f", v);
        }
        double size = Math.max(Math.abs(low()), Math.abs(high()));
        int digits = Math.max(0, decimals + (int) Math.floor(Math.log10(size) + 1e-9));
        return String.format(Locale.ROOT, "%." + digits + "e", v);
    }
}

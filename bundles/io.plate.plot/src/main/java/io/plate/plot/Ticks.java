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
    /**
     * Ticks over [lo, hi]; an empty range (one value) is widened by the power of ten of its value's size
     * ({@code 26} to {@code 16..36}), so a single point sits inside whole-numbered ticks.
     */
    static Ticks of(double lo, double hi, int max) {
        if (!(hi > lo)) {
            double pad = lo == 0 ? 1 : Math.pow(10, Math.floor(Math.log10(Math.abs(lo))));
            lo -= pad;
            hi += pad;
        }
        double step = Plot.niceStep((hi - lo) / Math.max(1, max - 1));
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

    /** {@code v} with this axis's decimals, thousands grouped ({@code 1,500}, {@code 0.25}). */
    String label(double v) {
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }
}

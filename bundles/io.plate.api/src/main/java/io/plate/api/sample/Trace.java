package io.plate.api.sample;

import java.util.List;

/**
 * The kept summaries of every chain: for chain {@code c}, {@code values(c)[d][s]} is summary {@code s}
 * (named by {@link #summaryNames()}) at kept draw {@code d}, taken at sweep {@code iterations(c)[d]}
 * (1-based, counting burn-in). Chains of a cancelled run may hold fewer draws than asked for.
 */
public final class Trace {
    private final List<String> summaryNames;
    private final double[][][] values;
    private final long[][] iterations;

    /** A trace over copies of {@code values[chain][draw][summary]} and {@code iterations[chain][draw]}. */
    public Trace(List<String> summaryNames, double[][][] values, long[][] iterations) {
        this.summaryNames = List.copyOf(summaryNames);
        this.values = deepCopy(values);
        this.iterations = new long[iterations.length][];
        for (int c = 0; c < iterations.length; c++) {
            this.iterations[c] = iterations[c].clone();
        }
        if (values.length != iterations.length) {
            throw new IllegalArgumentException("values and iterations disagree on the number of chains");
        }
    }

    private static double[][][] deepCopy(double[][][] v) {
        double[][][] out = new double[v.length][][];
        for (int c = 0; c < v.length; c++) {
            out[c] = new double[v[c].length][];
            for (int d = 0; d < v[c].length; d++) {
                out[c][d] = v[c][d].clone();
            }
        }
        return out;
    }

    /** Names of the summaries, in summary index order. */
    public List<String> summaryNames() {
        return summaryNames;
    }

    /** Number of chains. */
    public int chains() {
        return values.length;
    }

    /** Number of kept draws of chain {@code c}. */
    public int draws(int c) {
        return values[c].length;
    }

    /** Summary {@code s} of chain {@code c} across its kept draws (a copy). */
    public double[] series(int c, int s) {
        double[] out = new double[values[c].length];
        for (int d = 0; d < out.length; d++) {
            out[d] = values[c][d][s];
        }
        return out;
    }

    /** Summary {@code s} for every chain, {@code [chain][draw]} (copies). */
    public double[][] series(int s) {
        double[][] out = new double[values.length][];
        for (int c = 0; c < values.length; c++) {
            out[c] = series(c, s);
        }
        return out;
    }

    /** Summary {@code s} of chain {@code c} at kept draw {@code d}. */
    public double value(int c, int d, int s) {
        return values[c][d][s];
    }

    /** The sweep (1-based, counting burn-in) at which chain {@code c} kept draw {@code d}. */
    public long iteration(int c, int d) {
        return iterations[c][d];
    }
}

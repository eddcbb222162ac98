package io.plate.distributions.bench;

import io.plate.api.sample.Distributions;
import io.plate.api.sample.DoubleSampler;
import io.plate.api.sample.IntSampler;
import io.plate.api.sample.VectorSampler;
import io.plate.distributions.impl.CommonsMathDistributions;
import io.plate.distributions.impl.FastDistributions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Draws per second of both providers, one thread, for the cases of issue 3: gamma(0.3), gamma(4.5),
 * beta(0.5, 2), dirichlet(8 × 0.1) (vectors per second), categorical over 20 log weights (bound alias
 * sampler, and the one-shot draw the Gibbs samplers use). Each case warms up for 1 s per provider, then
 * runs 5 rounds of about 0.6 s of CPU time per provider, alternating the providers, and reports the
 * median round in draws per CPU second of the measuring thread (per core, so that other work on the
 * shared machine does not count against it). Not a unit test: run it by hand (see
 * docs/distributions.md):
 *
 * <pre>
 * CP=$(bash bench/classpath.sh bundles/io.plate.distributions)
 * java -cp "$CP" io.plate.distributions.bench.DrawBenchmark
 * </pre>
 */
public final class DrawBenchmark {
        private static double sink;

    private interface Case {
        /** Draws {@code count} times; returns something depending on every draw. */
        double run(int count);
    }

    private DrawBenchmark() {
    }

    public static void main(String[] args) {
        List<Distributions> providers = List.of(new CommonsMathDistributions(), new FastDistributions());
        String[] names = {"gamma(0.3)", "gamma(4.5)", "beta(0.5, 2)", "dirichlet(8 x 0.1)", "categorical(20 log weights), bound",
            "categorical(20 log weights), one-shot"};
        double[][] rates = new double[names.length][providers.size()];
        List<List<Case>> cases = new ArrayList<>();
        for (Distributions d : providers) {
            cases.add(cases(d, d.stream(12345, 0)));
        }
        for (int c = 0; c < names.length; c++) {
            // the providers' rounds alternate, so that a change in the machine's load hits both alike
            Case[] pair = {cases.get(0).get(c), cases.get(1).get(c)};
            double[] r = measure(pair);
            for (int p = 0; p < providers.size(); p++) {
                rates[c][p] = r[p];
                System.err.printf(Locale.ROOT, "%-14s %-40s %12.0f draws/s%n", providers.get(p).provider(), names[c], r[p]);
            }
        }
        System.out.println("| distribution | commons-math (draws/s) | fast (draws/s) | fast / commons-math |");
        System.out.println("|---|---:|---:|---:|");
        for (int c = 0; c < names.length; c++) {
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %.1f× |%n", names[c], human(rates[c][0]), human(rates[c][1]),
                    rates[c][1] / rates[c][0]);
        }
        if (sink == 42) {
            System.out.println();
        }
    }

    private static List<Case> cases(Distributions d, UniformRandomProvider rng) {
        List<Case> cases = new ArrayList<>();
        // each case has its own loop, so that every call site sees one sampler class (as a Gibbs
        // sampler's inner loop does) and the JIT's inlining does not depend on the order of the cases
        DoubleSampler g03 = d.gamma(rng, 0.3, 1);
        cases.add(n -> {
            double t = 0;
            for (int i = 0; i < n; i++) {
                t += g03.sample();
            }
            return t;
        });
        DoubleSampler g45 = d.gamma(rng, 4.5, 1);
        cases.add(n -> {
            double t = 0;
            for (int i = 0; i < n; i++) {
                t += g45.sample();
            }
            return t;
        });
        DoubleSampler beta = d.beta(rng, 0.5, 2);
        cases.add(n -> {
            double t = 0;
            for (int i = 0; i < n; i++) {
                t += beta.sample();
            }
            return t;
        });
        VectorSampler dir = d.dirichlet(rng, 8, 0.1);
        double[] out = new double[8];
        cases.add(n -> {
            double s = 0;
            for (int i = 0; i < n; i++) {
                dir.sample(out);
                s += out[3];
            }
            return s;
        });
        double[] logWeights = new double[20];
        for (int i = 0; i < logWeights.length; i++) {
            logWeights[i] = -0.37 * i + Math.sin(i);
        }
        IntSampler cat = d.categoricalFromLogWeights(rng, logWeights);
        cases.add(n -> {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += cat.sample();
            }
            return s;
        });
        cases.add(n -> {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += d.nextCategoricalFromLogWeights(rng, logWeights, 20);
            }
            return s;
        });
        return cases;
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /** CPU time of this thread in ns: draws per CPU second is throughput per core, whatever else the machine runs. */
    private static long cpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    private static double[] measure(Case[] cases) {
        int[] rounds = new int[cases.length];
        for (int k = 0; k < cases.length; k++) {
            Case c = cases[k];
            long warm = System.nanoTime() + 1_000_000_000L;
            int batch = 1000;
            while (System.nanoTime() < warm) {
                long t0 = System.nanoTime();
                sink += c.run(batch);
                if (System.nanoTime() - t0 < 50_000_000L) {
                    batch = Math.min(batch * 2, 1 << 26);
                }
            }
            long t0 = cpu();
            sink += c.run(batch);
            double perDraw = (cpu() - t0) / (double) batch;
            rounds[k] = (int) Math.max(1000, Math.min(Integer.MAX_VALUE / 2, 6e8 / perDraw));
        }
        double[][] r = new double[cases.length][5];
        for (int i = 0; i < 5; i++) {
            for (int k = 0; k < cases.length; k++) {
                long s = cpu();
                sink += cases[k].run(rounds[k]);
                r[k][i] = rounds[k] / ((cpu() - s) / 1e9);
            }
        }
        double[] median = new double[cases.length];
        for (int k = 0; k < cases.length; k++) {
            java.util.Arrays.sort(r[k]);
            median[k] = r[k][2];
        }
        return median;
    }

    private static String human(double rate) {
        return rate >= 1e6 ? String.format(Locale.ROOT, "%.1f M", rate / 1e6) : String.format(Locale.ROOT, "%.0f k", rate / 1e3);
    }
}

package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import io.plate.distributions.impl.FastDistributions;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Geweke's (2004) joint-distribution test of a mixture chain. The marginal-conditional simulator draws
 * (α,) z and then the data from the prior; the successive-conditional simulator alternates
 * (1) θ ~ p(θ | z, x) and x ~ p(x | θ, z), written independently of the code under test, and (2) one
 * sweep of the chain under test on the new data. Both leave the joint p(z, x) invariant only when the
 * chain's conditionals are right, so the means of label-invariant statistics must agree.
 *
 * <p>The z-score of each statistic uses batch means for the autocorrelated successive-conditional
 * draws; the test fails when any |z| exceeds {@link #THRESHOLD}. With at most five statistics the
 * false-failure rate of a correct sampler is below 5 × 6.3e-5 ≈ 3e-4 (normal tails; the seeds are fixed,
 * so a run is deterministic). Public, and in the bundle's test jar, so that a chain run elsewhere (Plate on
 * Spark) is tested by the same harness.
 */
public final class Geweke {
    public static final double THRESHOLD = 4.0;

    /** A generative model: how to draw data given assignments, and how to refresh it given the state. */
    public interface Model<X> {
        /** θ from the prior, then x given θ and z. */
        X forward(int[] z, Distributions dist, UniformRandomProvider rng);

        /** θ from its posterior given (z, x), then new x given θ and z. */
        X regenerate(int[] z, X x, Distributions dist, UniformRandomProvider rng);

        /** A label-invariant statistic of the data. */
        double dataStatistic(X x);
    }

    /**
     * One transition of the chain under test on data x from the state z (and concentration alpha): writes
     * the new state into z and returns the new alpha (the same for a finite chain).
     */
    public interface Transition<X> {
        double step(X x, int[] z, double alpha, Distributions dist, UniformRandomProvider rng);
    }

    /** Makes a chain over data x, in state z (and concentration alpha for a DP chain). */
    interface ChainMaker<X> {
        MixtureChain make(X x, int[] z, double alpha, Distributions dist, UniformRandomProvider rng);
    }

    /** The prior over partitions: finite symmetric Dirichlet(alpha) or a DP with Gamma(shape, rate) on alpha. */
    public record PartitionPrior(int k, double alpha, double shape, double rate) {
        public static PartitionPrior finite(int k, double alpha) {
            return new PartitionPrior(k, alpha, 0, 0);
        }

        public static PartitionPrior dirichletProcess(double shape, double rate) {
            return new PartitionPrior(0, 0, shape, rate);
        }

        boolean isDp() {
            return k == 0;
        }

        double drawAlpha(Distributions dist, UniformRandomProvider rng) {
            return isDp() ? dist.nextGamma(rng, shape, 1 / rate) : alpha;
        }

        /** Pólya urn: finite Dirichlet-multinomial or Chinese restaurant process. */
        void drawPartition(double a, int[] z, UniformRandomProvider rng) {
            int n = z.length;
            int[] sizes = new int[n + Math.max(k, 1)];
            int used = 0;
            for (int i = 0; i < n; i++) {
                double u = rng.nextDouble();
                if (isDp()) {
                    double total = i + a;
                    double acc = 0;
                    int pick = used;
                    for (int c = 0; c < used; c++) {
                        acc += sizes[c] / total;
                        if (u < acc) {
                            pick = c;
                            break;
                        }
                    }
                    z[i] = pick;
                    if (pick == used) {
                        used++;
                    }
                } else {
                    double total = i + k * a;
                    double acc = 0;
                    int pick = k - 1;
                    for (int c = 0; c < k; c++) {
                        acc += (sizes[c] + a) / total;
                        if (u < acc) {
                            pick = c;
                            break;
                        }
                    }
                    z[i] = pick;
                }
                sizes[z[i]]++;
            }
        }
    }

    /** Result: the largest |z| and a description of every statistic. */
    public record Result(double maxAbsZ, String report) {
        public boolean passes() {
            return maxAbsZ < THRESHOLD;
        }
    }

    static <X> Result run(Model<X> model, ChainMaker<X> maker, PartitionPrior prior, int n, int draws,
            Distributions dist, long seed) {
        return run(model, sweeps(maker, prior, 1), prior, n, draws, dist, seed);
    }

    /** The transition that makes a chain in the state and runs {@code sweeps} sweeps of it. */
    static <X> Transition<X> sweeps(ChainMaker<X> maker, PartitionPrior prior, int sweeps) {
        return (x, z, a, d, rng) -> {
            MixtureChain chain = maker.make(x, z, a, d, rng);
            for (int s = 0; s < sweeps; s++) {
                chain.sweep(rng);
            }
            System.arraycopy(chain.assignments(), 0, z, 0, z.length);
            return prior.isDp() ? ((DirichletProcessChain) chain).alpha() : a;
        };
    }

    /** The test of the chain whose one sweep is {@code transition}, on n rows and {@code draws} draws of each simulator. */
    public static <X> Result run(Model<X> model, Transition<X> transition, PartitionPrior prior, int n, int draws,
            Distributions dist, long seed) {
        UniformRandomProvider rng = new FastDistributions().stream(seed, 0);
        int stats = prior.isDp() ? 5 : 4;
        double[][] mc = new double[draws][];
        int[] z = new int[n];
        for (int t = 0; t < draws; t++) {
            double a = prior.drawAlpha(dist, rng);
            prior.drawPartition(a, z, rng);
            X x = model.forward(z, dist, rng);
            mc[t] = statistics(z, x, a, model, stats);
        }
        double[][] sc = new double[draws][];
        double a = prior.drawAlpha(dist, rng);
        prior.drawPartition(a, z, rng);
        X x = model.forward(z, dist, rng);
        for (int t = 0; t < draws; t++) {
            x = model.regenerate(z, x, dist, rng);
            a = transition.step(x, z, a, dist, rng);
            sc[t] = statistics(z, x, a, model, stats);
        }
        StringBuilder report = new StringBuilder();
        double max = 0;
        String[] names = {"clusters", "z0==z1", "size of row 0's cluster", "data statistic", "alpha"};
        for (int s = 0; s < stats; s++) {
            double mMc = 0;
            double mSc = 0;
            for (int t = 0; t < draws; t++) {
                mMc += mc[t][s] / draws;
                mSc += sc[t][s] / draws;
            }
            double vMc = 0;
            for (int t = 0; t < draws; t++) {
                vMc += (mc[t][s] - mMc) * (mc[t][s] - mMc) / (draws - 1);
            }
            int batches = 50;
            int size = draws / batches;
            double vb = 0;
            for (int b = 0; b < batches; b++) {
                double m = 0;
                for (int t = b * size; t < (b + 1) * size; t++) {
                    m += sc[t][s] / size;
                }
                vb += (m - mSc) * (m - mSc) / (batches - 1);
            }
            double se = Math.sqrt(vMc / draws + vb / batches);
            double zScore = se > 0 ? (mMc - mSc) / se : (mMc == mSc ? 0 : Double.POSITIVE_INFINITY);
            max = Math.max(max, Math.abs(zScore));
            report.append(String.format(java.util.Locale.ROOT, "%s: forward %.4f, Gibbs %.4f, z = %.2f%n", names[s],
                    mMc, mSc, zScore));
        }
        return new Result(max, report.toString());
    }

    private static <X> double[] statistics(int[] z, X x, double alpha, Model<X> model, int stats) {
        int n = z.length;
        int max = 0;
        for (int v : z) {
            max = Math.max(max, v + 1);
        }
        int[] sizes = new int[max];
        for (int v : z) {
            sizes[v]++;
        }
        int clusters = 0;
        for (int s : sizes) {
            clusters += s > 0 ? 1 : 0;
        }
        double[] out = new double[stats];
        out[0] = clusters;
        out[1] = z[0] == z[1] ? 1 : 0;
        out[2] = sizes[z[0]];
        out[3] = model.dataStatistic(x);
        if (stats > 4) {
            out[4] = alpha;
        }
        return out;
    }

    /**
     * A provider whose categorical draws from log weights use the weights halved: a deliberately
     * wrong conditional (the posterior tempered to the power ½) for the negative controls.
     */
    public static Distributions tempered(Distributions d) {
        return altered(d, "nextCategoricalFromLogWeights", args -> {
            double[] w = ((double[]) args[1]).clone();
            int len = (Integer) args[2];
            for (int i = 0; i < len; i++) {
                w[i] *= 0.5;
            }
            args[1] = w;
        });
    }

    /**
     * A provider whose method {@code method} is called with its arguments changed by {@code change}
     * (in place): a deliberately wrong conditional for the negative controls.
     */
    public static Distributions altered(Distributions d, String method, java.util.function.Consumer<Object[]> change) {
        return (Distributions) java.lang.reflect.Proxy.newProxyInstance(Geweke.class.getClassLoader(),
                new Class<?>[] {Distributions.class}, (proxy, m, args) -> {
                    if (m.getName().equals(method)) {
                        change.accept(args);
                    }
                    try {
                        return m.invoke(d, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}

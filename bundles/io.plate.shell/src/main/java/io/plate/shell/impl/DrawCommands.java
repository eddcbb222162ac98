package io.plate.shell.impl;

import io.plate.api.HeapCheck;
import io.plate.api.PlateException;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.IntSampler;
import io.plate.api.sample.IntVectorSampler;
import io.plate.api.sample.MatrixSampler;
import io.plate.api.sample.VectorSampler;
import io.plate.api.text.TextTable;
import io.plate.mcmc.Diagnostics;
import io.plate.api.sample.DoubleSampler;
import java.io.BufferedWriter;
import io.plate.api.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code plate:draw DISTRIBUTION PARAMS… [--n N] [--seed S] [--out FILE.csv]}: draws from the
 * highest-ranked {@link Distributions} service. The reference is static and greedy, so when a
 * better-ranked provider is installed SCR rebinds this component to it (and back when it goes away).
 *
 * <p>Without {@code --out} the result is a summary (n, mean, sd, min, the 5/25/50/75/95% quantiles, max;
 * one row per component for vectors); with {@code --out} every draw is written as one CSV line (vectors
 * as rows, matrices row-major) to a temporary file that is then renamed over the target, and the
 * summary says where. Draws come from stream 0 of the seed ({@link Distributions#stream}).
 */
@Component(service = DrawCommands.class)
@PlateCommand({"draw"})
public final class DrawCommands {
    /** The output folder that relative --out names go to, as for every command that writes (plate:config). */
    @org.osgi.service.component.annotations.Reference(cardinality = org.osgi.service.component.annotations.ReferenceCardinality.OPTIONAL,
            policy = org.osgi.service.component.annotations.ReferencePolicy.DYNAMIC,
            policyOption = org.osgi.service.component.annotations.ReferencePolicyOption.GREEDY)
    volatile ShellDefaults defaults;

    static final String USAGE = "distributions: gamma SHAPE [SCALE] | log-gamma SHAPE | beta A B | normal MEAN SD"
            + " | student-t DF [LOC SCALE] | bernoulli P | binomial N P | categorical W1,W2,..."
            + " | categorical-log LW1,LW2,... | dirichlet A1,A2,... | symmetric-dirichlet K ALPHA"
            + " | multinomial N P1,P2,... | multivariate-normal M1,...,Mk C11,C12,...,Ckk"
            + " | wishart DF S11,...,Skk | inverse-wishart DF S11,...,Skk";

    /** The distributions' names, read from {@link #USAGE} (for completion). */
    static java.util.List<String> names() {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String form : USAGE.substring(USAGE.indexOf(':') + 1).split("\\|")) {
            out.add(form.strip().split(" ")[0]);
        }
        return out;
    }

    /**
     * Dynamic and optional, so that plate:draw stays a command while no provider is installed and says
     * where the providers went (a static reference made it vanish: "command not found: plate:draw").
     */
    @Reference(cardinality = org.osgi.service.component.annotations.ReferenceCardinality.OPTIONAL,
            policy = org.osgi.service.component.annotations.ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile Distributions distributions;

    public DrawCommands() {
    }

    /** For tests and embedding: draws from a fixed provider. */
    DrawCommands(Distributions distributions) {
        this.distributions = distributions;
    }

    @Descriptor("draw from a distribution: " + USAGE)
    public Draws draw(CommandSession session,
            @Descriptor("number of draws") @Parameter(names = {"-n", "--n"}, absentValue = "1000") int n,
            @Descriptor("root seed (draws use its stream 0)") @Parameter(names = {"-s", "--seed"}, absentValue = "1") long seed,
            @Descriptor("write the draws to this CSV file, one per line") @Parameter(names = {"-o", "--out"}, absentValue = "") String out,
            @Descriptor("the distribution's name") String distribution,
            @Descriptor("its parameters; vectors as comma-separated lists") String... params) throws IOException {
        if (n < 1) {
            throw new PlateException("--n must be >= 1, got " + n);
        }
        Distributions d = distributions;
        if (d == null) {
            throw new PlateException("no distributions provider" + Missing.note("", java.util.List.of()));
        }
        UniformRandomProvider rng = d.stream(seed, 0);
        String name = distribution.toLowerCase(Locale.ROOT);
        String label = (name + " " + String.join(" ", params == null ? new String[0] : params)).trim();
        // Ctrl-C interrupts this thread, which the drawing, the summary and the writing look at, in place of Gogo's
        // interrupt of the job, which returned the prompt with java.lang.InterruptedException while they ran on
        try (CtrlC ctrlC = CtrlC.during(session, Thread.currentThread()::interrupt)) {
            try {
                return draw(d, rng, name, label, params == null ? new String[0] : params, n, seed, out);
            } catch (CancellationException e) {
                throw interrupted(label, out, ctrlC);
            }
        }
    }

    /** {@link #draw(CommandSession, int, long, String, String, String...)} outside a shell session. */
    Draws draw(int n, long seed, String out, String distribution, String... params) throws IOException {
        return draw(null, n, seed, out, distribution, params);
    }

    private Draws draw(Distributions d, UniformRandomProvider rng, String name, String label, String[] params, int n,
            long seed, String out) throws IOException {
        double[] draws;
        int dimension;
        boolean integral;
        try {
            Drawer drawer = drawer(d, name, params, rng);
            integral = drawer.integral();
            double[] first = drawer.next();
            dimension = first.length;
            if ((long) n * dimension > Integer.MAX_VALUE - 8) {
                throw new PlateException("--n " + n + " draws of dimension " + dimension + " are too many to hold");
            }
            // the draws, and the copy of one component that the summary reorders
            HeapCheck.require(8L * n * dimension + 8L * n, "plate:draw " + label, String.format(Locale.ROOT,
                    "%,d draws of %d number%s, and a copy of one component for the summary", n, dimension,
                    dimension == 1 ? "" : "s"), ", or draw fewer (--n)");
            draws = new double[n * dimension];
            System.arraycopy(first, 0, draws, 0, dimension);
            for (int i = 1; i < n; i++) {
                if ((i & CHECK_EVERY) == 0) {
                    checkInterrupted();
                }
                System.arraycopy(drawer.next(), 0, draws, i * dimension, dimension);
            }
        } catch (IllegalArgumentException e) {
            throw new PlateException("plate:draw " + name + ": " + e.getMessage(), e);
        }
        double[][] summary = summarize(draws, dimension);
        if (out.isEmpty()) {
            return new Draws(label, d.provider(), seed, draws, dimension, integral, summary, null);
        }
        OutputTarget target = OutputTarget.file(defaults, out, "cannot write the draws to");
        Path file = target.path(); // named as given under the output folder, as every command names what it wrote
        try {
            write(file, draws, dimension, integral);
        } catch (IOException e) {
            if (Thread.currentThread().isInterrupted()) { // the file channel closed by Ctrl-C's interrupt
                throw new CancellationException("interrupted while writing");
            }
            throw target.failure(e);
        }
        return new Draws(label, d.provider(), seed, draws, dimension, integral, summary, file);
    }

    /** Draws between two looks at the interrupt flag, less one (a mask). */
    private static final int CHECK_EVERY = (1 << 16) - 1;

    /** The probabilities of the summary's columns: min, the 5/25/50/75/95% quantiles, max. */
    private static final double[] PROBABILITIES = {0, 0.05, 0.25, 0.5, 0.75, 0.95, 1};

    /**
     * Per component: mean, sd, then {@link #PROBABILITIES}' quantiles (type 7, {@link Diagnostics#quantiles}), computed
     * here in the command, where Ctrl-C's interrupt is seen (it was computed when Gogo printed the result, after the
     * command, by a sort).
     */
    static double[][] summarize(double[] draws, int dimension) {
        int n = draws.length / dimension;
        double[][] rows = new double[dimension][];
        for (int j = 0; j < dimension; j++) {
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = draws[i * dimension + j];
            }
            checkInterrupted();
            double mean = Diagnostics.mean(x);
            checkInterrupted();
            double sd = Diagnostics.sd(x);
            checkInterrupted();
            double[] q = Diagnostics.quantiles(x, PROBABILITIES);
            rows[j] = new double[2 + q.length];
            rows[j][0] = mean;
            rows[j][1] = sd;
            System.arraycopy(q, 0, rows[j], 2, q.length);
        }
        return rows;
    }

    private static void checkInterrupted() {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancellationException("interrupted (Ctrl-C or a signal)");
        }
    }

    /** What an interrupted plate:draw says: which interrupt when known (Ctrl-C, or the signal ending the process). */
    private static PlateException interrupted(String label, String out, CtrlC ctrlC) {
        return new PlateException("plate:draw " + label + " was interrupted" + ctrlC.cause() + "; "
                + (out.isEmpty() ? "no draws are kept" : "nothing was written"));
    }

    /** One draw per call, as a row of numbers. */
    private interface Drawer {
        double[] next();

        default boolean integral() {
            return false;
        }
    }

    private Drawer drawer(Distributions d, String name, String[] p, UniformRandomProvider rng) {
        switch (name) {
            case "gamma": {
                arity(name, p, 1, 2, "SHAPE [SCALE]");
                DoubleSampler s = d.gamma(rng, number("SHAPE", p[0]), p.length > 1 ? number("SCALE", p[1]) : 1.0);
                return () -> new double[] {s.sample()};
            }
            case "log-gamma": {
                arity(name, p, 1, 1, "SHAPE");
                DoubleSampler s = d.logGamma(rng, number("SHAPE", p[0]));
                return () -> new double[] {s.sample()};
            }
            case "beta": {
                arity(name, p, 2, 2, "A B");
                DoubleSampler s = d.beta(rng, number("A", p[0]), number("B", p[1]));
                return () -> new double[] {s.sample()};
            }
            case "normal": {
                arity(name, p, 2, 2, "MEAN SD");
                DoubleSampler s = d.normal(rng, number("MEAN", p[0]), number("SD", p[1]));
                return () -> new double[] {s.sample()};
            }
            case "student-t": {
                if (p.length == 2) {
                    throw new PlateException("student-t takes DF [LOC SCALE], got 2 parameters: " + String.join(" ", p));
                }
                arity(name, p, 1, 3, "DF [LOC SCALE]");
                DoubleSampler s = d.studentT(rng, number("DF", p[0]), p.length > 1 ? number("LOC", p[1]) : 0.0,
                        p.length > 1 ? number("SCALE", p[2]) : 1.0);
                return () -> new double[] {s.sample()};
            }
            case "bernoulli": {
                arity(name, p, 1, 1, "P");
                IntSampler s = d.bernoulli(rng, number("P", p[0]));
                return integral(s);
            }
            case "binomial": {
                arity(name, p, 2, 2, "N P");
                IntSampler s = d.binomial(rng, integer("N", p[0]), number("P", p[1]));
                return integral(s);
            }
            case "categorical": {
                arity(name, p, 1, 1, "W1,W2,...");
                return integral(d.categorical(rng, vector("W", p[0])));
            }
            case "categorical-log": {
                arity(name, p, 1, 1, "LW1,LW2,...");
                return integral(d.categoricalFromLogWeights(rng, vector("LW", p[0])));
            }
            case "dirichlet": {
                arity(name, p, 1, 1, "A1,A2,...");
                VectorSampler s = d.dirichlet(rng, vector("A", p[0]));
                return s::sample;
            }
            case "symmetric-dirichlet": {
                arity(name, p, 2, 2, "K ALPHA");
                VectorSampler s = d.dirichlet(rng, integer("K", p[0]), number("ALPHA", p[1]));
                return s::sample;
            }
            case "multinomial": {
                arity(name, p, 2, 2, "N P1,P2,...");
                IntVectorSampler s = d.multinomial(rng, integer("N", p[0]), vector("P", p[1]));
                int[] counts = new int[s.dimension()];
                return new Drawer() {
                    @Override
                    public double[] next() {
                        s.sample(counts);
                        double[] row = new double[counts.length];
                        for (int i = 0; i < row.length; i++) {
                            row[i] = counts[i];
                        }
                        return row;
                    }

                    @Override
                    public boolean integral() {
                        return true;
                    }
                };
            }
            case "multivariate-normal": {
                arity(name, p, 2, 2, "M1,...,Mk C11,C12,...,Ckk");
                double[] mean = vector("M", p[0]);
                VectorSampler s = d.multivariateNormal(rng, mean, matrix("C", p[1], mean.length));
                return s::sample;
            }
            case "wishart":
            case "inverse-wishart": {
                arity(name, p, 2, 2, "DF S11,S12,...,Skk");
                double[] flat = vector("S", p[1]);
                int k = (int) Math.round(Math.sqrt(flat.length));
                double[][] scale = matrix("S", p[1], k);
                double df = number("DF", p[0]);
                MatrixSampler s = name.equals("wishart") ? d.wishart(rng, df, scale) : d.inverseWishart(rng, df, scale);
                return () -> {
                    double[][] m = s.sample();
                    double[] row = new double[k * k];
                    for (int i = 0; i < k; i++) {
                        System.arraycopy(m[i], 0, row, i * k, k);
                    }
                    return row;
                };
            }
            default:
                throw new PlateException("unknown distribution '" + name + "'; " + USAGE);
        }
    }

    private static Drawer integral(IntSampler s) {
        return new Drawer() {
            @Override
            public double[] next() {
                return new double[] {s.sample()};
            }

            @Override
            public boolean integral() {
                return true;
            }
        };
    }

    private static void arity(String name, String[] p, int min, int max, String usage) {
        if (p.length < min || p.length > max) {
            throw new PlateException(name + " takes " + usage + ", got " + p.length + " parameter"
                    + (p.length == 1 ? "" : "s") + (p.length == 0 ? "" : ": " + String.join(" ", p)));
        }
    }

    static double number(String name, String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new PlateException(name + " must be a number, got '" + text + "'");
        }
    }

    static int integer(String name, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new PlateException(name + " must be an integer, got '" + text + "'");
        }
    }

    static double[] vector(String name, String text) {
        String[] parts = text.split(",", -1);
        double[] v = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            v[i] = number(name + (i + 1), parts[i]);
        }
        return v;
    }

    private static double[][] matrix(String name, String text, int k) {
        double[] flat = vector(name, text);
        if (flat.length != k * k) {
            throw new PlateException(name + " must have " + k + " x " + k + " = " + (k * k)
                    + " comma-separated entries (row-major), got " + flat.length);
        }
        double[][] m = new double[k][k];
        for (int i = 0; i < k; i++) {
            System.arraycopy(flat, i * k, m[i], 0, k);
        }
        return m;
    }

    /** Writes the draws to {@code file}, whole or not at all. */
    private static void write(Path file, double[] draws, int dimension, boolean integral) throws IOException {
        AtomicFiles.writeText(file, w -> {
            for (int i = 0; i < draws.length; i += dimension) {
                for (int j = 0; j < dimension; j++) {
                    if (j > 0) {
                        w.write(',');
                    }
                    double v = draws[i + j];
                    w.write(integral ? Long.toString((long) v) : Double.toString(v));
                }
                w.write('\n');
            }
        });
    }

    /** The draws of one {@code plate:draw}, with a summary for people as its {@code toString}. */
    public static final class Draws {
        private final String distribution;
        private final String provider;
        private final long seed;
        /** Row-major: draw i, component j at {@code i * dimension + j}. */
        private final double[] draws;
        private final int dimension;
        private final boolean integral;
        /** Per component: mean, sd, min, the 5/25/50/75/95% quantiles, max ({@link #summarize}). */
        private final double[][] summary;
        private final Path file;

        Draws(String distribution, String provider, long seed, double[] draws, int dimension, boolean integral,
                double[][] summary, Path file) {
            this.distribution = distribution;
            this.provider = provider;
            this.seed = seed;
            this.draws = draws;
            this.dimension = dimension;
            this.integral = integral;
            this.summary = summary;
            this.file = file;
        }

        /** The number of draws. */
        public int size() {
            return draws.length / dimension;
        }

        /** Components per draw (k for vectors, k² for k × k matrices, 1 for scalars). */
        public int dimension() {
            return dimension;
        }

        /** Component {@code j} of every draw, in order (a copy). */
        public double[] component(int j) {
            if (j < 0 || j >= dimension) {
                throw new PlateException("component must be in [0, " + dimension + "), got " + j);
            }
            double[] x = new double[size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = draws[i * dimension + j];
            }
            return x;
        }

        public String provider() {
            return provider;
        }

        /** Where the draws were written, or null. */
        public Path file() {
            return file;
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder();
            s.append(distribution).append(": n = ").append(size()).append(", seed ").append(seed)
                    .append(", provider ").append(provider).append('\n');
            TextTable t = new TextTable("component", "mean", "sd", "min", "5%", "25%", "50%", "75%", "95%", "max");
            int k = dimension();
            for (int j = 0; j < k; j++) {
                String[] cells = new String[1 + summary[j].length];
                cells[0] = k == 1 ? "x" : String.valueOf(j + 1);
                for (int c = 0; c < summary[j].length; c++) {
                    cells[1 + c] = fmt(summary[j][c]);
                }
                t.row(cells);
            }
            s.append(t);
            if (file != null) {
                if (s.charAt(s.length() - 1) != '\n') {
                    s.append('\n');
                }
                s.append("wrote ").append(size()).append(" draws").append(integral ? " (integers)" : "")
                        .append(" to ").append(file);
            }
            return s.toString().stripTrailing();
        }

        private static String fmt(double v) {
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                return Long.toString((long) v);
            }
            return String.format(Locale.ROOT, "%.6g", v);
        }
    }
}

package io.plate.mcmc;

import io.plate.api.sample.Posterior;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Trace;
import io.plate.api.text.Plural;
import io.plate.api.text.TextTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.ToDoubleFunction;

/** The diagnostics table of a run, as the shell and {@code SamplerPosterior.toString()} show it. */
public final class DiagnosticsTable {
    /** Vehtari et al. (2021): draws are trusted when every split R-hat is at most 1.01 … */
    public static final double RHAT_LIMIT = 1.01;
    /** … and every bulk ESS at least 100 per chain (400 for four chains). */
    public static final int ESS_PER_CHAIN = 100;
    /** R-hat above this (Gelman and Rubin's old threshold) means chains that sit in different places. */
    public static final double APART_RHAT = 1.1;

    /**
     * A figure that cannot be computed: R-hat of one chain or of a summary that does not vary, sd and ESS
     * of a single draw, the mean of a chain that kept none. NaN read as a failure of the run.
     *
     * @since 3.2.0
     */
    public static final String UNDEFINED = "–";

    private DiagnosticsTable() {
    }

    /**
     * The diagnostics table people read: one row per summary with mean, sd, R-hat, bulk and tail ESS
     * (a {@link TextTable}, fitted to the terminal it goes to), then the run's seconds and sweeps per second.
     */
    public static String render(Posterior p) {
        TextTable table = new TextTable("summary", "mean", "sd", "R-hat", "ESS bulk", "ESS tail");
        for (SummaryDiagnostic d : p.diagnostics()) {
            table.row(d.name(), fmt(d.mean(), "%.4g"), fmt(d.sd(), "%.4g"), fmt(d.rhat(), "%.3f"),
                    fmt(d.essBulk(), "%.0f"), fmt(d.essTail(), "%.0f"));
        }
        StringBuilder b = new StringBuilder();
        b.append(p.sampler()).append(" on ").append(p.dataset()).append(": ")
                .append(keptDraws(p.trace(), p.settings().thin())).append(" (")
                .append(io.plate.api.text.Plural.of(p.settings().iterations(), "iteration")).append(", burn-in ")
                .append(p.settings().burnIn())
                .append(", thin ").append(p.settings().thin()).append(", seed ").append(p.settings().seed())
                .append(")").append(p.cancelled() ? " — CANCELLED, partial draws" : "").append('\n');
        if (p.facts().get(SamplerPosterior.EXTENSION) instanceof String e) {
            b.append(e).append('\n');
        }
        if (p.facts().get(SamplerPosterior.IGNORES) instanceof String i && !i.isEmpty()) {
            b.append(p.sampler()).append(" ignores ").append(i).append('\n');
        }
        if (p.facts().get(SamplerPosterior.COLUMNS) instanceof String c && !c.isEmpty()) {
            b.append(c).append('\n');
        }
        b.append(table);
        b.append(String.format(Locale.ROOT, "%.2f s, %.0f sweeps/s", p.seconds(), p.sweepsPerSecond()));
        if (p.trace().chains() == 1 && !p.diagnostics().isEmpty()) {
            b.append("\nR-hat ").append(UNDEFINED).append(": it compares chains; run --chains 2 or more for it");
        }
        for (String w : warnings(p)) {
            b.append('\n').append(w);
        }
        return b.toString();
    }

    /** Whether some summary's R-hat is above {@link #APART_RHAT}: the chains sit in different places. */
    public static boolean chainsApart(Posterior p) {
        return p.diagnostics().stream().anyMatch(d -> d.rhat() > APART_RHAT);
    }

    /**
     * Lines that say where the table misses the goal, what it means and what to do, each short enough for
     * a terminal: R-hat above 1.01 (then each chain's mean of the summary with the highest R-hat, so a
     * chain stuck elsewhere shows) and bulk ESS below 100 per chain (constant summaries left out). Empty
     * when the draws pass both (one chain has no R-hat, so only its ESS is checked).
     */
    public static List<String> warnings(Posterior p) {
        List<String> out = new ArrayList<>();
        int chains = p.trace().chains();
        List<SummaryDiagnostic> high = p.diagnostics().stream().filter(d -> d.rhat() > RHAT_LIMIT).toList();
        if (!high.isEmpty()) {
            out.add("R-hat above " + RHAT_LIMIT + " (" + figures(high, SummaryDiagnostic::rhat, "%.3f")
                    + "): the chains have not mixed yet");
            SummaryDiagnostic worst = high.stream().max(Comparator.comparingDouble(SummaryDiagnostic::rhat)).get();
            int s = p.trace().summaryNames().indexOf(worst.name());
            StringBuilder b = new StringBuilder("  mean ").append(worst.name()).append(" per chain:");
            for (int c = 0; c < chains; c++) {
                b.append(' ').append(fmt(Arrays.stream(p.trace().series(c, s)).average().orElse(Double.NaN), "%.4g"));
            }
            out.add(b.append("; ").append(more(p)).append(", or start the chains better").toString());
        }
        int least = ESS_PER_CHAIN * chains;
        List<SummaryDiagnostic> low = p.diagnostics().stream().filter(d -> d.sd() > 0 && d.essBulk() < least).toList();
        if (!low.isEmpty()) {
            out.add("bulk ESS below " + least + " (" + figures(low, SummaryDiagnostic::essBulk, "%.0f")
                    + "): these summaries' means are rough; " + more(p));
        }
        return out;
    }

    /** The advice for more draws: an extensible run that went to its maximum is told to raise it. */
    private static String more(Posterior p) {
        boolean atMost = p.facts().containsKey(SamplerPosterior.EXTENSION)
                && p.settings().iterations() >= p.settings().maxIterations();
        return atMost ? "raise --max-iterations" : "run more iterations (--max-iterations N goes on until they converge)";
    }

    private static String figures(List<SummaryDiagnostic> ds, ToDoubleFunction<SummaryDiagnostic> f, String format) {
        StringBuilder b = new StringBuilder();
        for (SummaryDiagnostic d : ds) {
            b.append(b.length() == 0 ? "" : ", ").append(d.name()).append(' ').append(fmt(f.applyAsDouble(d), format));
        }
        return b.toString();
    }

    /**
     * The draws the chains actually hold: {@code 4 chains × 1500 kept draws}; for chains cut short at
     * different counts the total, then each chain's ({@code 1731 kept draws, 784 + 947 in 2 chains}: "784/947"
     * read as a fraction); with the storage stride when the trace was thinned to stay bounded.
     */
    static String keptDraws(Trace t, int thin) {
        boolean same = true;
        long stride = 1;
        long total = 0;
        StringJoiner each = new StringJoiner(" + ");
        for (int c = 0; c < t.chains(); c++) {
            same &= t.draws(c) == t.draws(0);
            total += t.draws(c);
            each.add(Integer.toString(t.draws(c)));
            if (t.draws(c) > 1) {
                stride = Math.max(stride, (t.iteration(c, 1) - t.iteration(c, 0)) / thin);
            }
        }
        String held = same ? Plural.of(t.chains(), "chain") + " × " + draws(t.chains() == 0 ? 0 : t.draws(0), stride)
                : draws(total, stride) + ", " + each + " in " + Plural.of(t.chains(), "chain");
        return stride > 1 ? held + ", 1 in " + stride + " of the kept draws" : held;
    }

    /** {@code n} kept draws, or draws held when the trace keeps only every {@code stride}-th of them. */
    private static String draws(long n, long stride) {
        return stride > 1 ? Plural.of(n, "draw held", "draws held") : Plural.of(n, "kept draw");
    }

    /**
     * {@code v} in format {@code f}; {@code inf} for an infinite R-hat (chains constant at different values),
     * {@link #UNDEFINED} for NaN (what cannot be computed).
     */
    private static String fmt(double v, String f) {
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return Double.isFinite(v) ? String.format(Locale.ROOT, f, v) : UNDEFINED;
    }
}

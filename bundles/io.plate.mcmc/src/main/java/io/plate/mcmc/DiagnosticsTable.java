package io.plate.mcmc;

import io.plate.api.sample.Posterior;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Trace;
import java.util.List;
import java.util.Locale;

/** The diagnostics table of a run, as the shell and {@code SamplerPosterior.toString()} show it. */
public final class DiagnosticsTable {
    private DiagnosticsTable() {
    }

    /**
     * The diagnostics table people read: one row per summary with mean, sd, R-hat, bulk and tail ESS,
     * then the run's seconds and sweeps per second.
     */
    public static String render(Posterior p) {
        String[] header = {"summary", "mean", "sd", "R-hat", "ESS bulk", "ESS tail"};
        List<SummaryDiagnostic> ds = p.diagnostics();
        String[][] cells = new String[ds.size()][];
        for (int i = 0; i < ds.size(); i++) {
            SummaryDiagnostic d = ds.get(i);
            cells[i] = new String[] {d.name(), fmt(d.mean(), "%.4g"), fmt(d.sd(), "%.4g"), fmt(d.rhat(), "%.3f"),
                fmt(d.essBulk(), "%.0f"), fmt(d.essTail(), "%.0f")};
        }
        int[] width = new int[header.length];
        for (int j = 0; j < header.length; j++) {
            width[j] = header[j].length();
            for (String[] r : cells) {
                width[j] = Math.max(width[j], r[j].length());
            }
        }
        StringBuilder b = new StringBuilder();
        b.append(p.sampler()).append(" on ").append(p.dataset()).append(": ").append(p.settings().chains())
                .append(" chains × ").append(keptDraws(p.trace(), p.settings().thin())).append(" (")
                .append(p.settings().iterations()).append(" iterations, burn-in ").append(p.settings().burnIn())
                .append(", thin ").append(p.settings().thin()).append(", seed ").append(p.settings().seed())
                .append(")").append(p.cancelled() ? " — CANCELLED, partial draws" : "").append('\n');
        appendRow(b, header, width);
        for (String[] r : cells) {
            appendRow(b, r, width);
        }
        b.append(String.format(Locale.ROOT, "%.2f s, %.0f sweeps/s", p.seconds(), p.sweepsPerSecond()));
        return b.toString();
    }

    /**
     * The draws the chains actually hold, e.g. {@code 1500 kept draws}, {@code 784/947 kept draws} for a
     * run cut short, with the storage stride when the trace was thinned to stay bounded.
     */
    static String keptDraws(Trace t, int thin) {
        StringBuilder b = new StringBuilder();
        boolean same = true;
        long stride = 1;
        for (int c = 0; c < t.chains(); c++) {
            same &= t.draws(c) == t.draws(0);
            if (t.draws(c) > 1) {
                stride = Math.max(stride, (t.iteration(c, 1) - t.iteration(c, 0)) / thin);
            }
        }
        for (int c = 0; c < t.chains() && (c == 0 || !same); c++) {
            b.append(c == 0 ? "" : "/").append(t.draws(c));
        }
        b.append(stride > 1 ? " draws held (1 in " + stride + " of the kept draws)" : " kept draws");
        return b.toString();
    }

    private static void appendRow(StringBuilder b, String[] r, int[] width) {
        for (int j = 0; j < r.length; j++) {
            if (j == 0) {
                b.append(String.format(Locale.ROOT, "%-" + width[j] + "s", r[j]));
            } else {
                b.append("  ").append(String.format(Locale.ROOT, "%" + width[j] + "s", r[j]));
            }
        }
        b.append('\n');
    }

    private static String fmt(double v, String f) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, f, v) : "NaN";
    }
}

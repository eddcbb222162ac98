package io.plate.mcmc;

import io.plate.api.sample.Progress;
import io.plate.api.sample.ProgressListener;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.IntSupplier;

/**
 * Shows the progress of a run that takes longer than a second: in a terminal, one line rewritten in
 * place (iterations, sweeps per second, ETA, current log joint, R-hat so far); otherwise a plain line
 * every few seconds, as wide as the terminal standard error goes to, if any. The width is read again at
 * every line, so a line follows a terminal that is resized during the run. Called from the runner's
 * threads; prints to the stream it is given (the shell's: the command session's, captured when the command
 * starts, as Gogo's {@code System.out} is per thread; Plate on Spark's: standard error). One printer for the shell
 * and the Spark jar (3.6.0; it was the shell's own).
 */
public final class ProgressPrinter implements ProgressListener, AutoCloseable {
    private static final long QUIET_NANOS = 1_000_000_000L;
    private static final long TERMINAL_EVERY_NANOS = 250_000_000L;
    private static final long PLAIN_EVERY_NANOS = 3_000_000_000L;
    /** ANSI: erase from the cursor to the end of the screen. */
    public static final String ERASE_BELOW = "\033[J";
    /** ANSI (DECAWM): text past the right margin is dropped, not wrapped to a new row; and back to wrapping. */
    public static final String NO_WRAP = "\033[?7l";
    public static final String WRAP = "\033[?7h";

    private final PrintStream out;
    private final String label;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private long last;
    private boolean printed;
    private boolean closed; // a chain's late report draws no line after the run's end erased it

    private final IntSupplier columns;
    private int asked; // the run's iterations as asked (0: unknown); more in a report: the run was extended
    private String unit = "sweeps"; // what a report counts: a chain's sweeps, or a fit's training rows
    private String hint = "  (Ctrl-C stops and keeps the draws so far)";
    private Progress latest; // the last report, printed or not: how far the run got

    public ProgressPrinter(PrintStream out, String label, boolean terminal) {
        this(out, label, terminal, 0);
    }

    /** {@code columns}: the terminal's width, which the line keeps under (0: unknown, or not a terminal). */
    public ProgressPrinter(PrintStream out, String label, boolean terminal, int columns) {
        this(out, label, terminal, () -> columns);
    }

    /** {@code columns}: the terminal's width as it is now, asked at every line (0: unknown, or not a terminal). */
    public ProgressPrinter(PrintStream out, String label, boolean terminal, IntSupplier columns) {
        this.out = out;
        this.label = label;
        this.terminal = terminal;
        this.columns = columns;
    }

    /** Says that the run asked for {@code iterations}, so that a report of more says the run goes on past them. */
    public ProgressPrinter asked(int iterations) {
        this.asked = iterations;
        return this;
    }

    /**
     * Says that reports count {@code unit} (a fit's "rows", Learner.fit with a listener) and what Ctrl-C does to the
     * work ({@code ctrlC}, shown after the line in a terminal), instead of a run's sweeps and kept draws.
     */
    public ProgressPrinter counting(String unit, String ctrlC) {
        this.unit = unit;
        this.hint = "  (" + ctrlC + ")";
        return this;
    }

    /** The last report received, printed or not (the runner's last one is where the chains stopped); null before any. */
    public synchronized Progress latest() {
        return latest;
    }

    @Override
    public synchronized void progress(Progress p) {
        latest = p;
        long now = System.nanoTime();
        if (closed || now - start < QUIET_NANOS || now - last < (terminal ? TERMINAL_EVERY_NANOS : PLAIN_EVERY_NANOS)) {
            return;
        }
        last = now;
        String line = format(p);
        if (terminal) {
            // the rest of the screen is erased after the line: the previous line's end, and its second row when a
            // narrower terminal has wrapped it. A line made for the width before a resize is cut at the margin, not
            // wrapped: the cursor stays on the line's row. It waits at the line's start: what the terminal echoes
            // meanwhile (^C, keys typed ahead) lands on this line and never wraps below it, so close() erases it
            // all whatever was echoed
            out.print("\r" + NO_WRAP + line + ERASE_BELOW + WRAP + "\r");
        } else {
            out.println(line);
        }
        out.flush();
        printed = true;
    }

    /** The fewest characters of the label kept when the figures alone nearly fill the line; fewer say nothing. */
    private static final int MIN_LABEL = 4;

    /** The line {@code p} is shown as, fitted to the width. */
    public String format(Progress p) {
        StringBuilder s = new StringBuilder(label).append(": ");
        String speed = "";
        if (p.iteration() == 0 && p.sweepsPerSecond() == 0) {
            // no chain has swept yet: they are making their first partitions (and their restarts' sweeps)
            s.append(String.format(Locale.ROOT, "starting %d chain%s (first partitions, restarts), %.0f s",
                    p.chains(), p.chains() == 1 ? "" : "s", (System.nanoTime() - start) / 1e9));
        } else {
            // sweeps per chain on average: the slowest chain stays at 0 while it waits for a thread
            s.append(p.sweeps() / p.chains()).append('/').append(p.iterations()).append(' ').append(unit);
            if (asked > 0 && p.iterations() > asked) { // R-hat or ESS short at the iterations asked
                s.append(" (extended from ").append(asked).append(')');
            }
            if (p.chains() > 1) {
                s.append(" × ").append(p.chains()).append(" chains");
            }
            speed = String.format(Locale.ROOT, ", %.0f %s/s", p.sweepsPerSecond(), unit);
        }
        String eta = Double.isFinite(p.etaSeconds()) ? String.format(Locale.ROOT, ", ETA %.0f s", p.etaSeconds()) : "";
        // with several chains, the one whose log joint it is (chain 0 finishes first when chains wait for threads)
        String logJoint = !Double.isFinite(p.logJoint()) ? "" : String.format(Locale.ROOT, ", log joint %.2f", p.logJoint())
                + (p.chains() > 1 && p.logJointChain() >= 0 ? " (chain " + p.logJointChain() + ")" : "");
        // an infinite R-hat: chains constant at different values (Diagnostics.splitRhat)
        String rhat = Double.isNaN(p.rhat()) ? "" : Double.isInfinite(p.rhat()) ? ", R-hat inf"
                : String.format(Locale.ROOT, ", R-hat %.3f", p.rhat());
        String head = s.toString();
        // on a narrow terminal whole figures are left out, R-hat first, then the log joint, then the speed;
        // the ETA stays. One character short of the width: a line as wide as the terminal wraps, and each
        // rewrite then starts a new line
        String[] candidates = {head + speed + eta + logJoint + rhat, head + speed + eta + logJoint, head + speed + eta,
                head + eta};
        int width = columns.getAsInt();
        int limit = width > 0 ? width - 1 : Integer.MAX_VALUE;
        String line = null;
        for (String c : candidates) {
            if (c.length() <= limit) {
                line = c;
                break;
            }
        }
        if (line == null) {
            // the label (sampler and dataset) shortened before a number: "mixture.multinom…: 120/2000 sweeps …, ETA 9 s"
            String figures = head.substring(label.length()) + eta;
            int kept = limit - figures.length() - 1;
            return kept >= MIN_LABEL ? label.substring(0, kept) + "…" + figures
                    : candidates[candidates.length - 1].substring(0, Math.max(1, limit - 1)) + "…";
        }
        return terminal && line.length() + hint.length() <= limit ? line + hint : line;
    }

    /**
     * Erases the progress line (carriage return, ANSI erase below), so that the result is printed
     * in its place: left standing, its last state (2545/3000 sweeps, ETA 0 s) read as where the run ended.
     * The cursor is still on the line's first column (see {@link #progress}), so an echoed {@code ^C} is erased too.
     */
    @Override
    public synchronized void close() {
        closed = true;
        if (printed && terminal) {
            out.print("\r" + ERASE_BELOW);
            out.flush();
        }
    }
}

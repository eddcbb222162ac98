package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Progress;
import io.plate.mcmc.ProgressPrinter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/** The progress line fits the terminal it is written to (tables: io.plate.api.text.TextTableTest). */
class TerminalWidthTest {
    @Test
    void theProgressLineFitsAnEightyColumnTerminal() {
        ProgressPrinter p = new ProgressPrinter(new PrintStream(new ByteArrayOutputStream()), "sparse.dirichlet on splice",
                true, 80);
        String line = p.format(new Progress(123456, 5000000, 2, 1234.5, 98765, -123456.78, 1.0123));
        assertTrue(line.length() <= 79, line.length() + ": " + line);
        assertTrue(line.startsWith("sparse.dirichlet on splice: 123456/5000000 sweeps"), line);
        // whole figures are left out, never a number cut: the ETA stays, R-hat and the log joint go first
        assertTrue(line.endsWith(", ETA 98765 s") && !line.contains("R-hat") && !line.contains("…"), line);
        ProgressPrinter medium = new ProgressPrinter(new PrintStream(new ByteArrayOutputStream()), "m", true, 80);
        assertEquals("m: 19938/200000 sweeps × 2 chains, 3533 sweeps/s, ETA 51 s, log joint -321.04",
                medium.format(new Progress(19938, 200000, 2, 3533, 51, -321.04, 1.0021)));
        ProgressPrinter narrow = new ProgressPrinter(new PrintStream(new ByteArrayOutputStream()), "a.long.sampler on data",
                true, 40);
        String cut = narrow.format(new Progress(19938, 200000, 2, 3533, 51, -321.04, 1.0021));
        assertTrue(cut.length() <= 39 && cut.endsWith("…"), cut);
        // at 60 columns the label gives way, not the ETA: 59 characters, the label's first 16 and "…"
        ProgressPrinter sixty = new ProgressPrinter(new PrintStream(new ByteArrayOutputStream()),
                "mixture.dp-gaussian on iris", true, 60);
        assertEquals("mixture.dp-gauss…: 16975/100000 sweeps × 2 chains, ETA 21 s",
                sixty.format(new Progress(16975, 100000, 2, 17763, 21, -256438.58, 1.001)));
        // a fit counts its training rows, and Ctrl-C keeps no model (plate:train)
        ProgressPrinter fit = new ProgressPrinter(new PrintStream(new ByteArrayOutputStream()), "kernel.regression on d",
                true, 200).counting("rows", "Ctrl-C stops; the model is not kept");
        assertEquals("kernel.regression on d: 4200/15000 rows, 350 rows/s, ETA 31 s  (Ctrl-C stops; the model is not kept)",
                fit.format(new Progress(4200, 15000, 1, 350, 30.86, Double.NaN, Double.NaN)));
        ProgressPrinter wide = new ProgressPrinter(new PrintStream(new ByteArrayOutputStream()), "run", true, 200);
        assertTrue(wide.format(new Progress(1, 10, 1, 5, 2, -1, Double.NaN)).contains("Ctrl-C stops"));
        // before any chain has swept (first partitions, restarts) the line says so, not "0 sweeps/s"
        String starting = wide.format(new Progress(0, 2000, 2, 0, Double.NaN, Double.NaN, Double.NaN));
        assertTrue(starting.startsWith("run: starting 2 chains (first partitions, restarts), "), starting);
        assertTrue(starting.contains("Ctrl-C stops"), starting);
        assertTrue(wide.format(new Progress(0, 2000, 2, 40, 50, -1, Double.NaN)).startsWith("run: 0/2000 sweeps × 2 chains"));
        // four chains on two threads, the first two half done: the slowest chain has not started, and the line
        // showed "0/2000 sweeps × 4 chains" for the first half of the run; it shows sweeps per chain on average
        assertTrue(wide.format(new Progress(0, 2000, 4, 1900, 3, -1, Double.NaN, 2000)).startsWith(
                "run: 500/2000 sweeps × 4 chains, 1900 sweeps/s, ETA 3 s"));
        // a run that goes on past the iterations it asked for says so
        ProgressPrinter extended = new ProgressPrinter(new PrintStream(new ByteArrayOutputStream()), "m", true, 100)
                .asked(2000);
        assertEquals("m: 2434/6500 sweeps (extended from 2000) × 4 chains, 1986 sweeps/s, ETA 8 s, log joint -7300.00",
                extended.format(new Progress(2434, 6500, 4, 1986, 8, -7300, Double.NaN, 4 * 2434)));
        assertTrue(extended.format(new Progress(1000, 2000, 4, 1986, 8, -7300, Double.NaN, 4000)).startsWith(
                "m: 1000/2000 sweeps × 4 chains"));
        // four chains on two threads: chain 0 finishes first, so the line names the chain its log joint is of
        assertEquals("m: 1500/2000 sweeps × 4 chains, 1986 sweeps/s, ETA 8 s, log joint -3158.32 (chain 3)",
                extended.format(new Progress(0, 2000, 4, 1986, 8, -3158.32, Double.NaN, 6000, 3)));
        // chains constant at different values (Diagnostics.splitRhat is infinite)
        assertTrue(wide.format(new Progress(5, 10, 2, 5, 1, -1, Double.POSITIVE_INFINITY)).contains(", R-hat inf"));
    }

    /**
     * Output redirected, standard error an 80-column terminal (-c with > FILE): plain progress lines on
     * standard error fitted to it, without the in-place line's Ctrl-C hint (they were 97 characters).
     */
    @Test
    void plainProgressLinesFitTheTerminalStandardErrorGoesTo() {
        ProgressPrinter p = SessionProgress.forSession(SessionColumnsTest.session(java.util.Map.of(
                SessionColumns.OUTPUT, 0, SessionColumns.ERROR, 80)), System.out, "sparse.dirichlet on splice");
        String line = p.format(new Progress(16975, 100000, 2, 17763, 21, -256438.58, 1.001));
        assertTrue(line.length() <= 79 && line.endsWith(", ETA 21 s") && !line.contains("Ctrl-C"), line.length() + ": " + line);
        // into a file or pipe: the whole line
        ProgressPrinter file = SessionProgress.forSession(SessionColumnsTest.session(java.util.Map.of(
                SessionColumns.OUTPUT, 0, SessionColumns.ERROR, 0)), System.out, "sparse.dirichlet on splice");
        assertTrue(file.format(new Progress(16975, 100000, 2, 17763, 21, -256438.58, 1.001)).endsWith(", R-hat 1.001"));
    }

    /**
     * A terminal narrowed during a run (100, then 40 columns): the next line fits the new width, and erases what
     * is below it (the old line's end, wrapped to a second row by the narrower terminal) instead of padding to
     * the old line's length. The line kept the width of the run's start, so every rewrite wrapped.
     */
    @Test
    void theProgressLineFollowsAResizedTerminal() throws Exception {
        java.util.concurrent.atomic.AtomicInteger columns = new java.util.concurrent.atomic.AtomicInteger(100);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressPrinter p = SessionProgress.forSession(SessionColumnsTest.session(java.util.Map.of(
                SessionColumns.OUTPUT, columns, SessionColumns.ERROR, columns)), new PrintStream(bytes, true,
                        java.nio.charset.StandardCharsets.UTF_8), "mixture.dp-gaussian on iris");
        Progress at = new Progress(16975, 100000, 2, 17763, 21, -256438.58, 1.001);
        Thread.sleep(1100); // a run shows progress after its first second
        p.progress(at);
        columns.set(40);
        Thread.sleep(300); // and rewrites it every quarter of a second
        p.progress(at);
        String[] lines = bytes.toString(java.nio.charset.StandardCharsets.UTF_8).split("\r");
        String last = lines[lines.length - 1]; // the second line, then the erase below it
        assertTrue(lines[1].startsWith(ProgressPrinter.NO_WRAP + "mixture.dp-gaussian on iris: 16975/100000 sweeps")
                && lines[1].length() > 60,
                lines[1]);
        // cut at the margin, not wrapped, when the terminal is narrower still than the line: the cursor keeps its row
        assertEquals(ProgressPrinter.NO_WRAP + "mixture.dp-gaussian on iris: 16975/100000 sweeps × 2 chains, ETA 21 s"
                .substring(0, 38) + "…" + ProgressPrinter.ERASE_BELOW + ProgressPrinter.WRAP, last);
        // a report after the run's end draws nothing: the line was erased for the result
        p.close();
        int before = bytes.size();
        Thread.sleep(300);
        p.progress(at);
        assertEquals(before, bytes.size());
    }
}

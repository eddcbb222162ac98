package io.plate.shell.impl;

import io.plate.api.data.ImportProgress;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Shows how far a long {@code plate:import} has read: nothing for the first two seconds, then a plain line
 * every five seconds ({@code import big.csv: 35% (700 MB of 2.0 GB)}), on the stream of the command's
 * session captured when the command starts. Called from the importing thread.
 */
final class ImportProgressLine implements ImportProgress {
    private static final long QUIET_NANOS = 2_000_000_000L;
    private static final long EVERY_NANOS = 5_000_000_000L;

    private final PrintStream out;
    private final String what;
    private final long start = System.nanoTime();
    private long last = start - EVERY_NANOS;

    ImportProgressLine(PrintStream out, String what) {
        this.out = out;
        this.what = what;
    }

    @Override
    public void progress(long bytesRead, long totalBytes) {
        long now = System.nanoTime();
        if (now - start < QUIET_NANOS || now - last < EVERY_NANOS) {
            return;
        }
        last = now;
        out.println(format(bytesRead, totalBytes));
        out.flush();
    }

    String format(long bytesRead, long totalBytes) {
        double mb = bytesRead / (double) (1 << 20);
        if (totalBytes > 0) {
            return String.format(Locale.ROOT, "import %s: %.0f%% (%.0f MB of %.0f MB; Ctrl-C cancels)", what,
                    100.0 * bytesRead / totalBytes, mb, totalBytes / (double) (1 << 20));
        }
        return String.format(Locale.ROOT, "import %s: %.0f MB read (Ctrl-C cancels)", what, mb);
    }
}

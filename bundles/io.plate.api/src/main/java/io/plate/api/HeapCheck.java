package io.plate.api;

import java.util.Locale;

/**
 * The one check of a large allocation against the Java heap, made before allocating: importers, learners and
 * samplers refuse what would not fit in one line (what needs how much, what the heap has, what to do) instead
 * of ending in an {@link OutOfMemoryError}. Also the one way figures of memory are written for people.
 */
public final class HeapCheck {
    private HeapCheck() {
    }

    /** Bytes the heap can still give: the most it may grow to less what is in use now (garbage included). */
    public static long free() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /**
     * Bytes the heap can give towards {@code need}: {@link #free()}, measured again after a collection when it
     * looks like less than {@code need} (what looked used may be garbage; collected only on the way to a refusal).
     */
    public static long available(long need) {
        long free = free();
        if (need > free) {
            System.gc();
            free = free();
        }
        return free;
    }

    /**
     * Fails when {@code need} bytes are more than the heap can give ({@link #available}), with the message
     * {@code WHAT needs about 1.3 GB of memory (DETAIL), more than the 230 MB the Java heap has free (at most
     * 256 MB); give Java a larger heap (java -Xmx3g -jar plate.jar ...)OR_ELSE}.
     *
     * @param what what needs it, e.g. {@code nb.multinomial on 'w'}
     * @param detail how the figure comes about, e.g. {@code 30,000,000 features × 2 classes}; empty for none
     * @param orElse the other ways out, e.g. {@code ", or import fewer features"}; empty for none
     * @throws PlateException when it does not fit
     */
    public static void require(long need, String what, String detail, String orElse) {
        long free = available(need);
        if (need > free) {
            throw new PlateException(String.format(Locale.ROOT, "%s needs about %s of memory%s, more than the %s the"
                    + " Java heap has free (at most %s); %s%s", what, bytes(need), detail.isEmpty() ? "" : " (" + detail + ")",
                    bytes(Math.max(0, free)), bytes(Runtime.getRuntime().maxMemory()), largerHeap(need), orElse));
        }
    }

    /**
     * What to do when {@code need} bytes do not fit: {@code give Java a larger heap (java -Xmx3g -jar
     * plate.jar ...)}, a quarter more than the need and a gibibyte for the rest of the program, in whole gibibytes.
     */
    public static String largerHeap(long need) {
        return String.format(Locale.ROOT, "give Java a larger heap (java -Xmx%dg -jar plate.jar ...)",
                (long) Math.ceil(need * 1.25 / (1L << 30)) + 1);
    }

    /** A byte count for people: {@code 2.0 GB}, {@code 35 MB}, {@code 12 KB}, {@code 800 B} (units of 1024). */
    public static String bytes(long b) {
        if (b >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GB", b / (double) (1L << 30));
        }
        if (b >= 1L << 20) {
            return String.format(Locale.ROOT, "%.0f MB", b / (double) (1L << 20));
        }
        if (b >= 1L << 10) {
            return String.format(Locale.ROOT, "%.0f KB", b / (double) (1L << 10));
        }
        return b + " B";
    }
}

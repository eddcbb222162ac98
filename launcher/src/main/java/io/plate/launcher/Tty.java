package io.plate.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether each standard stream (0 in, 1 out, 2 err) is a terminal, and how wide. Java 17 only tells whether
 * stdin and stdout both are ({@code System.console()}), so a redirected stdout hid a terminal stdin. On Linux
 * the answer is where {@code /proc/self/fd/N} points (no process); elsewhere {@code test -t N} says, run on
 * the inherited stream. The width is {@code COLUMNS} when set, else the terminal's own ({@code stty size}
 * on it, as JLine's exec provider asks), else 80.
 */
final class Tty {
    static final int IN = 0;
    static final int OUT = 1;
    static final int ERR = 2;
    private static final int UNKNOWN_WIDTH = 80;
    /** Terminal devices: pseudo-terminals, consoles and serial lines. */
    private static final Pattern DEVICE = Pattern.compile("/dev/(pts/\\d+|tty\\w*|console)");
    private static final Pattern SIZE = Pattern.compile("\\s*\\d+\\s+(\\d+)\\s*");
    private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");
    /** The answers so far, per stream: they hold for the process (a start asks several times). */
    private static final Boolean[] KNOWN = new Boolean[3];

    private Tty() {
    }

    /** Whether standard stream {@code fd} (0, 1 or 2) is a terminal. */
    static synchronized boolean isTerminal(int fd) {
        if (KNOWN[fd] == null) {
            KNOWN[fd] = ask(fd);
        }
        return KNOWN[fd];
    }

    private static boolean ask(int fd) {
        if (WINDOWS) {
            return System.console() != null; // stdin and stdout both: the most Java 17 tells there
        }
        String device = device(fd);
        if (device != null) {
            return isDevice(device);
        }
        return output(inheriting(fd, "test", "-t", Integer.toString(fd))) != null;
    }

    /** The width of the terminal standard stream {@code fd} goes to, or 0 when it is not a terminal. */
    static int columns(int fd) {
        if (!isTerminal(fd)) {
            return 0;
        }
        int env = width(System.getenv("COLUMNS"));
        if (env > 0) {
            return env;
        }
        String device = device(fd);
        // stty reads the terminal on its standard input: the device the stream points to, else the controlling one
        String size = WINDOWS ? null : output(new ProcessBuilder("stty", "size")
                .redirectInput(new File(device != null ? device : "/dev/tty")).redirectError(ProcessBuilder.Redirect.DISCARD));
        int asked = size == null ? 0 : sttyColumns(size);
        return asked > 0 ? asked : UNKNOWN_WIDTH;
    }

    /** Whether {@code path} (where a standard stream's descriptor points) is a terminal device. */
    static boolean isDevice(String path) {
        return DEVICE.matcher(path).matches();
    }

    /** The columns in {@code stty size}'s answer ("ROWS COLUMNS"), or 0. */
    static int sttyColumns(String answer) {
        Matcher m = SIZE.matcher(answer);
        return m.matches() ? width(m.group(1)) : 0;
    }

    private static int width(String s) {
        try {
            return s == null ? 0 : Math.max(0, Integer.parseInt(s.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Where descriptor {@code fd} of this process points (Linux), or null when that cannot be read. */
    private static String device(int fd) {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    /** {@code command} with standard stream {@code fd} of this process as its own; its other streams go nowhere. */
    private static ProcessBuilder inheriting(int fd, String... command) {
        ProcessBuilder.Redirect none = ProcessBuilder.Redirect.DISCARD;
        return new ProcessBuilder(command)
                .redirectInput(fd == IN ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(fd == OUT ? ProcessBuilder.Redirect.INHERIT : none)
                .redirectError(fd == ERR ? ProcessBuilder.Redirect.INHERIT : none);
    }

    /** What the process printed when it succeeded within two seconds, else null. */
    private static String output(ProcessBuilder pb) {
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? out : null;
        } catch (IOException | RuntimeException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}

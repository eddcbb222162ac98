package io.plate.itests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** tmux, which gives a command a real terminal: a detached session is started, keys are sent to it and its screen read. */
final class Tmux {
    /**
     * The tests' own tmux server (a socket named for this JVM): another tmux user of the machine, or a second build
     * running these tests, can neither see nor end its sessions (on the default socket one build's last
     * kill-session ended the server under the other's new session: "no server running").
     */
    private static final String SOCKET = "plate-it-" + ProcessHandle.current().pid();

    private Tmux() {
    }

    /** Runs {@code tmux ARGS} on the tests' own server and returns what it printed; fails if tmux hangs. */
    static String run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", SOCKET));
        cmd.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("tmux " + cmd + " hung");
        }
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    /** The screen of {@code session} with its last 200 lines of history, wrapped lines joined. */
    static String screen(String session) throws IOException, InterruptedException {
        return run("capture-pane", "-p", "-J", "-S", "-200", "-t", session);
    }

    /**
     * The visible screen of {@code session} alone, wrapped lines joined. When a narrower pane reflows a line to the
     * top row, or an erase clears the whole screen, tmux keeps a copy of the rows in its history (its
     * {@code scroll-on-clear}): the history is not what the terminal shows.
     */
    static String visible(String session) throws IOException, InterruptedException {
        return run("capture-pane", "-p", "-J", "-t", session);
    }

    /** The screen of {@code session} once {@code ok} holds for it; fails after {@code millis}, showing it. */
    static String waitFor(String session, Predicate<String> ok, String what, long millis) throws Exception {
        long end = System.currentTimeMillis() + millis;
        String s = "";
        while (System.currentTimeMillis() < end) {
            s = screen(session);
            if (ok.test(s)) {
                return s;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("waited for " + what + "; screen:\n" + s);
    }

    /** Whether tmux is installed (CI installs it; a test without it skips what needs a terminal, saying so). */
    static boolean available() {
        try {
            return new ProcessBuilder("tmux", "-V").start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}

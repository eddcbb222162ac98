package io.plate.shell.impl;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What a command prints on standard output besides its value (warnings), captured for a test. */
final class Printed {
    interface Action {
        void run() throws Exception;
    }

    private Printed() {
    }

    static String stdout(Action action) throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            action.run();
        } finally {
            System.setOut(out);
        }
        return o.toString(StandardCharsets.UTF_8);
    }
}

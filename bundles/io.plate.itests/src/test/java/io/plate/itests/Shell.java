package io.plate.itests;

import io.plate.launcher.GogoSession;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.osgi.framework.BundleContext;

/** Runs Gogo commands in a framework and returns what they rendered. */
final class Shell implements AutoCloseable {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final GogoSession session;

    Shell(BundleContext ctx) throws Exception {
        session = GogoSession.open(ctx, new ByteArrayInputStream(new byte[0]), out, out, 10_000);
    }

    /** Executes one program; returns printed output plus the rendered value. */
    String run(String program) throws Exception {
        bytes.reset();
        Object v = session.execute(program);
        out.flush();
        String printed = bytes.toString(StandardCharsets.UTF_8);
        return v == null ? printed : printed + session.render(v);
    }

    @Override
    public void close() {
        session.close();
    }
}

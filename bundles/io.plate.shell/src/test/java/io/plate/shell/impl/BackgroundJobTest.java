package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.felix.service.command.Job;
import org.junit.jupiter.api.Test;

/** A run started with {@code &} shows its progress only while {@code fg} has it in the foreground. */
class BackgroundJobTest {
    @Test
    void progressShowsOnlyWhileTheJobIsInTheForeground() {
        AtomicReference<Job.Status> status = new AtomicReference<>(Job.Status.Background);
        Job job = (Job) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Job.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "status" -> status.get();
                    case "parent" -> null;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        PrintStream out = BackgroundJob.of(job).whileInForeground(new PrintStream(screen, true, StandardCharsets.UTF_8));
        out.print("\rsweep 10");
        out.flush();
        status.set(Job.Status.Foreground); // fg
        out.print("\rsweep 20");
        out.flush();
        status.set(Job.Status.Background); // Ctrl-Z, bg
        out.print("\rsweep 30");
        out.flush();
        assertEquals("\rsweep 20", screen.toString(StandardCharsets.UTF_8));
        // outside a job the stream is the console itself
        PrintStream console = new PrintStream(screen);
        assertSame(console, BackgroundJob.of(null).whileInForeground(console));
    }
}

package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FrameworkLogTest {
    @Test
    void anErrorIsOneLineWithItsInnermostCause() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FrameworkLog log = new FrameworkLog(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        Exception cause = new IllegalStateException("outer", new NullPointerException("\"session\" is null"));
        log.log((org.osgi.framework.Bundle) null, FrameworkLog.LOG_ERROR, "Error stopping bundle.", cause);
        log.log((org.osgi.framework.Bundle) null, FrameworkLog.LOG_WARNING, "not shown at the error level", null);
        assertEquals("plate: framework: Error stopping bundle.: \"session\" is null\n",
                bytes.toString(StandardCharsets.UTF_8));
    }
}

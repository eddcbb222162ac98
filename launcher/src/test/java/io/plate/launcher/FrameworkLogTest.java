package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
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

    @Test
    void gogoRuntimesStopClosingACollectedSessionIsNotPrintedAndOtherErrorsAre() {
        NullPointerException race = closeOf(null);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FrameworkLog log = new FrameworkLog(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        log.log(bundle("org.apache.felix.gogo.runtime"), FrameworkLog.LOG_ERROR, "Error stopping bundle.", race);
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));

        log.log(bundle("io.plate.shell"), FrameworkLog.LOG_ERROR, "Error stopping bundle.", race);
        log.log(bundle("org.apache.felix.gogo.runtime"), FrameworkLog.LOG_ERROR, "Error stopping bundle.",
                new NullPointerException("other"));
        assertEquals("plate: framework: io.plate.shell: Error stopping bundle.: " + race.getMessage() + "\n"
                + "plate: framework: org.apache.felix.gogo.runtime: Error stopping bundle.: other\n",
                bytes.toString(StandardCharsets.UTF_8));
    }

    /**
     * A failed update is said by whoever asked for it (the shell's {@code update}, in one line): Felix's line
     * before it throws ({@code plate: framework: io.plate.sampler.mixture: Unable to update the bundle.: zip END
     * header not found}) made it two.
     */
    @Test
    void aFailedUpdateIsLeftToItsCaller() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FrameworkLog log = new FrameworkLog(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        log.log(bundle("io.plate.sampler.mixture"), FrameworkLog.LOG_ERROR, "Unable to update the bundle.",
                new java.util.zip.ZipException("zip END header not found"));
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    /** The JVM's own message for closing a null session, as Gogo's processor does when it hits the race. */
    private static NullPointerException closeOf(org.apache.felix.service.command.CommandSession session) {
        try {
            session.close();
            throw new AssertionError("closing a null session did not fail");
        } catch (NullPointerException e) {
            return e;
        }
    }

    private static org.osgi.framework.Bundle bundle(String name) {
        return (org.osgi.framework.Bundle) Proxy.newProxyInstance(FrameworkLogTest.class.getClassLoader(),
                new Class<?>[] {org.osgi.framework.Bundle.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getSymbolicName" -> name;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> name;
                    default -> null;
                });
    }
}

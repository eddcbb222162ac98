package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleException;

/** FileInstall's log records (its messages, as FileInstall 3.7.4 words them) as one line each. */
class DeployLogTest {
    private static final String REPORT = "Unable to resolve foo [29](R 29.0): missing requirement [foo [29](R 29.0)] "
            + "osgi.wiring.package; (osgi.wiring.package=org.x) Unresolved requirements: [[foo [29](R 29.0)] "
            + "osgi.wiring.package; (osgi.wiring.package=org.x)]";

    @Test
    void aFileIsNamedUnderTheFolderAsTheUserGaveIt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DeployLog log = DeployLog.install(new PrintStream(bytes, true, StandardCharsets.UTF_8), Path.of("deploy"));
        try {
            String url = Path.of("deploy", "foo.jar").toAbsolutePath().toUri().toString();
            Logger.getLogger(DeployLog.LOGGER).log(Level.WARNING, "Error while starting bundle: " + url,
                    new BundleException(REPORT, BundleException.RESOLVE_ERROR));
            Logger.getLogger(DeployLog.LOGGER).log(Level.SEVERE, "Failed to install artifact: "
                    + Path.of("deploy", "bad.jar").toAbsolutePath(), new BundleException("Duplicate import: org.x"));
        } finally {
            log.uninstall();
        }
        assertEquals("plate: deploy/foo.jar: not started: missing package org.x\n"
                + "plate: deploy/bad.jar: not installed: Duplicate import: org.x\n", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void otherMessagesKeepTheirWordsWithFilesNamedTheSameWay() {
        DeployLog log = DeployLog.install(new PrintStream(new ByteArrayOutputStream()), Path.of("d"));
        try {
            String message = "A bundle with the same symbolic name (foo) and version (1.0.0) is already installed.";
            assertEquals("--deploy: " + message, log.line(message, null));
            assertEquals("--deploy: Unable to create jar for: d/sub", log.line("Unable to create jar for: "
                    + Path.of("d", "sub").toAbsolutePath(), null));
            assertEquals("/elsewhere/x.jar", log.named("/elsewhere/x.jar"));
        } finally {
            log.uninstall();
        }
    }
}

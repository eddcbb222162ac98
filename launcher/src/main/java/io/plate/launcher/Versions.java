package io.plate.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Versions filled in by the build (launcher/src/main/resources/io/plate/launcher/versions.properties). */
final class Versions {
    static final String FILEINSTALL;

    static {
        Properties p = new Properties();
        try (InputStream in = Versions.class.getResourceAsStream("versions.properties")) {
            if (in == null) {
                throw new IllegalStateException("versions.properties missing from the launcher");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        FILEINSTALL = p.getProperty("fileinstall");
    }

    private Versions() {
    }
}

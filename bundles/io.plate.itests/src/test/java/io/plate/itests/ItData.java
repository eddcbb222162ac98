package io.plate.itests;

import java.nio.file.Path;

/** The datasets shipped in the repository's data/ folder ({@code plate.data}, set by failsafe). */
final class ItData {
    private ItData() {
    }

    static Path root() {
        return Path.of(System.getProperty("plate.data", "../../data"));
    }

    static String file(String sub) {
        return root().resolve(sub).toString();
    }
}

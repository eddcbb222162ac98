package io.plate.itests;

import java.nio.file.Path;

/** The datasets folder of the integration tests: {@code plate.data}, else {@code plate.shared}/data. */
final class ItData {
    private ItData() {
    }

    static Path root() {
        String data = System.getProperty("plate.data");
        return data != null ? Path.of(data) : Path.of(System.getProperty("plate.shared"), "data");
    }

    static String file(String sub) {
        return root().resolve(sub).toString();
    }
}

package io.plate.api;

/** Constants that describe the Plate release itself. */
public final class Plate {
    /** Version written into model provenance and run summaries. */
    public static final String VERSION = "0.1.0";

    private Plate() {
    }
}

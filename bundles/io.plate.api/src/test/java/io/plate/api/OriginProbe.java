package io.plate.api;

/** A class with no dependencies that {@link BundleOriginTest} packs into jars and folders and loads from there. */
public final class OriginProbe {
}

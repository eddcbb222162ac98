package io.plate.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.osgi.service.feature.Feature;
import org.osgi.service.feature.FeatureBundle;
import org.osgi.service.feature.ID;

/**
 * Writes the Apache Karaf feature repository ({@code features.xml}) from the same feature files the
 * launcher installs, at build time: one Karaf feature per Plate feature, bundles as {@code mvn:} URLs
 * in the same order; every feature but {@code plate-core} depends on {@code plate-core}. The Gogo shell
 * bundles are left out: Karaf brings its own shell, which runs Gogo commands such as {@code plate:*}. So
 * are the Declarative Services runtime and its API bundles: {@code plate-core} depends on Karaf's own
 * {@code scr} feature instead, installed with it where it is missing; a second SCR beside Karaf's took
 * Karaf's {@code scr:*} commands and listed no component as running.
 * Usage: {@code KarafFeatures OUT.xml}, with the launcher's classes (and their feature files) on the class path.
 */
public final class KarafFeatures {
    /** Bundles a Karaf container provides itself (its console is a Gogo shell). */
    static final Set<String> PROVIDED_BY_KARAF = Set.of("org.apache.felix:org.apache.felix.gogo.runtime",
            "org.apache.felix:org.apache.felix.gogo.command", "org.apache.felix:org.apache.felix.gogo.jline",
            "org.jline:jline");
    /** Bundles of Karaf's {@code scr} feature (Apache Felix SCR and the APIs it needs). */
    static final Set<String> PROVIDED_BY_KARAF_SCR = Set.of("org.apache.felix:org.apache.felix.scr",
            "org.osgi:org.osgi.service.component", "org.osgi:org.osgi.util.promise", "org.osgi:org.osgi.util.function");
    /** Karaf's Declarative Services feature. */
    static final String KARAF_SCR = "scr";

    private KarafFeatures() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: KarafFeatures OUT.xml");
        }
        Path out = Path.of(args[0]);
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        Files.writeString(out, xml(FeatureCatalog.load(KarafFeatures.class.getClassLoader())),
                StandardCharsets.UTF_8);
    }

    static String xml(FeatureCatalog catalog) {
        String core = FeatureCatalog.ALL.get(0);
        String version = catalog.feature(core).getID().getVersion();
        StringBuilder s = new StringBuilder();
        s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        s.append("<!-- generated from features/*.json by io.plate.launcher.KarafFeatures; do not edit -->\n");
        s.append("<features name=\"plate-").append(version)
                .append("\" xmlns=\"http://karaf.apache.org/xmlns/features/v1.6.0\">\n");
        for (String name : FeatureCatalog.ALL) {
            Feature f = catalog.feature(name);
            s.append("  <feature name=\"").append(name).append("\" version=\"").append(version)
                    .append("\" description=\"").append(escape(f.getDescription().orElse(""))).append("\">\n");
            if (!name.equals(core)) {
                s.append("    <feature version=\"").append(version).append("\">").append(core).append("</feature>\n");
            }
            if (f.getBundles().stream().anyMatch(b -> PROVIDED_BY_KARAF_SCR.contains(key(b.getID())))) {
                // installed only where no feature provides Declarative Services yet
                s.append("    <feature dependency=\"true\">").append(KARAF_SCR).append("</feature>\n");
            }
            for (FeatureBundle b : f.getBundles()) {
                ID id = b.getID();
                if (PROVIDED_BY_KARAF.contains(key(id)) || PROVIDED_BY_KARAF_SCR.contains(key(id))) {
                    continue;
                }
                s.append("    <bundle>mvn:").append(id.getGroupId()).append('/').append(id.getArtifactId()).append('/')
                        .append(id.getVersion()).append("</bundle>\n");
            }
            s.append("  </feature>\n");
        }
        return s.append("</features>\n").toString();
    }

    private static String key(ID id) {
        return id.getGroupId() + ":" + id.getArtifactId();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
    }

    /** The bundles a feature list names, for tests that build a repository of them. */
    static List<ID> bundles(FeatureCatalog catalog) {
        return catalog.bundles(FeatureCatalog.ALL);
    }
}

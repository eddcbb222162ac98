package io.plate.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.osgi.service.feature.Feature;
import org.osgi.service.feature.FeatureBundle;
import org.osgi.service.feature.FeatureService;
import org.osgi.service.feature.ID;

/**
 * The feature files carried in the launcher ({@code features/NAME.json}, OSGi R8 Feature JSON with
 * versions filled in by the build), read through Apache Felix's Feature Service implementation.
 */
final class FeatureCatalog {
    /** Every feature, in installation order. */
    static final List<String> ALL = List.of("plate-core", "plate-classifier", "plate-samplers", "plate-shell");
    /** The feature with Gogo and Plate's commands, without which the launcher has nothing to run commands. */
    static final String SHELL = "plate-shell";

    private final Map<String, Feature> features = new LinkedHashMap<>();

    private FeatureCatalog() {
    }

    static FeatureCatalog load(ClassLoader loader) throws IOException {
        FeatureService service = ServiceLoader.load(FeatureService.class, FeatureCatalog.class.getClassLoader())
                .findFirst().orElseThrow(() -> new IllegalStateException("no OSGi Feature Service implementation"));
        FeatureCatalog c = new FeatureCatalog();
        for (String name : ALL) {
            String res = "features/" + name + ".json";
            try (InputStream in = loader.getResourceAsStream(res)) {
                if (in == null) {
                    throw new IOException("feature file " + res + " is missing from the launcher");
                }
                try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                    c.features.put(name, service.readFeature(r));
                }
            }
        }
        return c;
    }

    List<String> names() {
        return new ArrayList<>(features.keySet());
    }

    Feature feature(String name) {
        Feature f = features.get(name);
        if (f == null) {
            throw new IllegalArgumentException("unknown feature '" + name + "'; known: " + String.join(", ", names()));
        }
        return f;
    }

    /**
     * Bundle IDs of the given features in installation order (canonical feature order), without repeats.
     * {@code plate-core} (the component runtimes and the API every other feature's bundles need) comes
     * with any selection, as a Karaf feature's dependencies do.
     */
    List<ID> bundles(List<String> selected) {
        for (String s : selected) {
            feature(s);
        }
        List<ID> out = new ArrayList<>();
        for (String name : selection(selected)) {
            for (FeatureBundle b : features.get(name).getBundles()) {
                if (!out.contains(b.getID())) {
                    out.add(b.getID());
                }
            }
        }
        return out;
    }

    /**
     * The features {@code selected} (empty: all) stands for, in installation order, {@code plate-core}
     * included; null when a name is not a feature (reading the files then says so).
     */
    static List<String> selection(List<String> selected) {
        if (!ALL.containsAll(selected)) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String name : ALL) {
            if (selected.isEmpty() || selected.contains(name) || name.equals(ALL.get(0))) {
                out.add(name);
            }
        }
        return out;
    }

    /** Resource path of a bundle carried in the launcher jar. */
    static String resourceOf(ID id) {
        return "bundles/" + id.getArtifactId() + "-" + id.getVersion() + ".jar";
    }
}

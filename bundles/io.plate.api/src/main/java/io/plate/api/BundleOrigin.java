package io.plate.api;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Objects;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The bundle a class came from, by symbolic name and version ({@code io.plate.sampler.mixture 0.1.1}): what a
 * run's {@code summary.json} and a model file name as the code that made them, and what the shell shows.
 * Inside an OSGi framework it is the class's bundle (as {@code FrameworkUtil.getBundle} finds it); on a plain
 * class path it is the {@code Bundle-SymbolicName} and {@code Bundle-Version} of the manifest of the jar or
 * classes folder the class was loaded from; a part that cannot be found is {@link #UNKNOWN}. Since 1.3.0.
 *
 * @param symbolicName the bundle's symbolic name, or {@link #UNKNOWN}
 * @param version      the bundle's version, or {@link #UNKNOWN}
 */
public record BundleOrigin(String symbolicName, String version) {
    /** A part that could not be found: no bundle, no manifest, or no such header. */
    public static final String UNKNOWN = "unknown";
    /** The origin of code that is no bundle's (a JDK class, a jar without a bundle manifest, an older file). */
    public static final BundleOrigin NONE = new BundleOrigin(UNKNOWN, UNKNOWN);

    /** Looked up once per class: a class keeps its bundle (an updated bundle's new code is new classes). */
    private static final ClassValue<BundleOrigin> CACHE = new ClassValue<>() {
        @Override
        protected BundleOrigin computeValue(Class<?> type) {
            BundleOrigin inFramework = fromFramework(type);
            return inFramework != null ? inFramework : fromCodeSource(type);
        }
    };

    /** Refuses a blank name or version, or one with a space: {@link #toString} separates them by one. */
    public BundleOrigin {
        if (Objects.requireNonNull(symbolicName, "symbolicName").isBlank() || symbolicName.contains(" ")) {
            throw new IllegalArgumentException("a bundle's symbolic name must be one word, got '" + symbolicName + "'");
        }
        if (Objects.requireNonNull(version, "version").isBlank() || version.contains(" ")) {
            throw new IllegalArgumentException("a bundle's version must be one word, got '" + version + "'");
        }
    }

    /** The bundle {@code type} came from. */
    public static BundleOrigin of(Class<?> type) {
        return CACHE.get(Objects.requireNonNull(type, "type"));
    }

    /** Whether {@code type} was loaded by an OSGi framework's bundle class loader. */
    public static boolean inFramework(Class<?> type) {
        return bundleReference(type.getClassLoader()) != null;
    }

    /** Whether this names a bundle, that is, is not {@link #NONE}. */
    public boolean known() {
        return !equals(NONE);
    }

    /**
     * {@link #toString} read back: {@code "NAME VERSION"}, or {@code "unknown"} for {@link #NONE}.
     *
     * @throws IllegalArgumentException saying what was expected, when {@code text} is neither
     */
    public static BundleOrigin parse(String text) {
        if (UNKNOWN.equals(text)) {
            return NONE;
        }
        String[] parts = text.split(" ", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new IllegalArgumentException("expected a bundle's symbolic name and version, e.g."
                    + " 'io.plate.classifier 0.1.0', or 'unknown', got '" + text + "'");
        }
        return new BundleOrigin(parts[0], parts[1]);
    }

    /** {@code "io.plate.sampler.mixture 0.1.1"}; {@code "unknown"} for {@link #NONE}. */
    @Override
    public String toString() {
        return known() ? symbolicName + " " + version : UNKNOWN;
    }

    /**
     * The class loader's {@code org.osgi.framework.BundleReference} interface, or null when it is no bundle's
     * loader. Found by name and called by reflection: the API needs no OSGi class on a plain class path.
     */
    private static Class<?> bundleReference(ClassLoader loader) {
        for (Class<?> c = loader == null ? null : loader.getClass(); c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (i.getName().equals("org.osgi.framework.BundleReference")) {
                    return i;
                }
            }
        }
        return null;
    }

    /** The symbolic name and version of the bundle whose loader defined {@code type}; null outside a framework. */
    private static BundleOrigin fromFramework(Class<?> type) {
        Class<?> reference = bundleReference(type.getClassLoader());
        if (reference == null) {
            return null;
        }
        try {
            Method getBundle = reference.getMethod("getBundle");
            Object bundle = getBundle.invoke(type.getClassLoader());
            if (bundle == null) {
                return NONE;
            }
            Class<?> bundleType = getBundle.getReturnType();
            Object name = bundleType.getMethod("getSymbolicName").invoke(bundle);
            Object version = bundleType.getMethod("getVersion").invoke(bundle);
            return origin(name == null ? null : name.toString(), version == null ? null : version.toString());
        } catch (ReflectiveOperationException | RuntimeException e) {
            // a framework that answers otherwise than the OSGi contract says: the bundle is not known
            return NONE;
        }
    }

    /** The bundle headers of the manifest of the jar or classes folder {@code type} was loaded from. */
    private static BundleOrigin fromCodeSource(Class<?> type) {
        CodeSource source = type.getProtectionDomain() == null ? null : type.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        if (location == null || !"file".equals(location.getProtocol())) {
            return NONE;
        }
        try {
            Path path = Path.of(location.toURI());
            Manifest manifest = manifest(path);
            if (manifest == null) {
                return NONE;
            }
            Attributes a = manifest.getMainAttributes();
            return origin(a.getValue("Bundle-SymbolicName"), a.getValue("Bundle-Version"));
        } catch (IOException | URISyntaxException | RuntimeException e) {
            // an unreadable jar or manifest names no bundle; the class itself was loaded, so nothing else is wrong
            return NONE;
        }
    }

    /** The manifest of a jar, or of a classes folder ({@code META-INF/MANIFEST.MF}); null when there is none. */
    private static Manifest manifest(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            Path file = path.resolve(JarFile.MANIFEST_NAME);
            if (!Files.isRegularFile(file)) {
                return null;
            }
            try (InputStream in = Files.newInputStream(file)) {
                return new Manifest(in);
            }
        }
        try (JarFile jar = new JarFile(path.toFile())) {
            return jar.getManifest();
        }
    }

    /** The origin of these headers; a symbolic name's directives ({@code ;singleton:=true}) are left out. */
    private static BundleOrigin origin(String name, String version) {
        String n = name == null ? "" : name.split(";", 2)[0].strip();
        String v = version == null ? "" : version.strip();
        if (n.isEmpty() || n.contains(" ")) {
            return NONE;
        }
        return new BundleOrigin(n, v.isEmpty() || v.contains(" ") ? UNKNOWN : v);
    }
}

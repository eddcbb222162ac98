package io.plate.api;

import io.plate.api.data.Importer;
import io.plate.api.learn.Evaluator;
import io.plate.api.learn.Learner;
import io.plate.api.learn.ModelStore;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import io.plate.api.text.NearestName;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The Plate release, and Plate as a plain Java library: with the bundles' jars on an ordinary class
 * path (no OSGi framework), {@code Plate.learner("nb.multinomial")}, {@code Plate.importer("csv")},
 * {@code Plate.sampler("mixture.gaussian")} and {@code Plate.distributions()} return new instances of
 * the same classes the framework's components are (the chain runner excepted: the samplers share one, as they
 * share the framework's one service). Services are found through
 * {@link ClassPathServices} entries with {@link java.util.ServiceLoader} on the thread's context class
 * loader (else this class's); nothing is cached, so every call sees the class path as it is. Inside a
 * framework, look the services up in the service registry instead. A name that no jar on the class
 * path provides is a {@link PlateException} that lists the names found (with the "did you mean" of a typo);
 * a null name or type is a {@link NullPointerException} naming it.
 */
public final class Plate {
    /** The release, read at run time from this jar (not inlined into the bundles compiled against it). */
    public static final String VERSION = readVersion();

    private Plate() {
    }

    /** The learner named {@code name} ({@code plate.learner}). */
    public static Learner learner(String name) {
        return service(Learner.class, name);
    }

    /** The importer of {@code format} ({@code csv}, {@code arff}, {@code libsvm}, {@code text}). */
    public static Importer importer(String format) {
        return service(Importer.class, format);
    }

    /** The sampler named {@code name} ({@code plate.sampler}). */
    public static Sampler sampler(String name) {
        return service(Sampler.class, name);
    }

    /** The highest-ranked distributions provider. */
    public static Distributions distributions() {
        return service(Distributions.class);
    }

    /** The chain runner over {@link #distributions()}: one per process, whose threads every sampler shares. */
    public static ChainRunner chainRunner() {
        return service(ChainRunner.class);
    }

    /** A model store over the learners on the class path. */
    public static ModelStore modelStore() {
        return service(ModelStore.class);
    }

    /** Cross-validation and holdout evaluation of any learner. */
    public static Evaluator evaluator() {
        return service(Evaluator.class);
    }

    /** The names of the services of {@code type} on the class path, sorted. */
    public static List<String> names(Class<?> type) {
        Objects.requireNonNull(type, "type");
        TreeSet<String> names = new TreeSet<>();
        for (Entry e : entries(type)) {
            names.add(e.name);
        }
        return List.copyOf(names);
    }

    /**
     * A new instance of the highest-ranked service of {@code type} named {@code name}; none is a
     * {@link PlateException} with the names found and, for a misspelt name, the shell's "did you mean".
     */
    public static <S> S service(Class<S> type, String name) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        for (Entry e : entries(type)) {
            if (e.name.equals(name)) {
                return type.cast(e.factory.get());
            }
        }
        List<String> names = names(type);
        throw new PlateException("no " + type.getSimpleName() + " named '" + name + "' on the class path"
                + NearestName.suggestion(name, names) + " (found: " + String.join(", ", names) + ")" + registryHint(type));
    }

    /** A new instance of the highest-ranked service of {@code type}. */
    public static <S> S service(Class<S> type) {
        Objects.requireNonNull(type, "type");
        List<Entry> found = entries(type);
        if (found.isEmpty()) {
            throw new PlateException("no " + type.getSimpleName() + " on the class path: add the jar of the bundle"
                    + " that provides it" + registryHint(type));
        }
        return type.cast(found.get(0).factory.get());
    }

    /**
     * Inside an OSGi framework the class path holds no services (the bundles' components are in the
     * service registry), so a call here finds nothing: say where to look.
     */
    private static String registryHint(Class<?> type) {
        return BundleOrigin.inFramework(Plate.class) ? "; this runs inside an OSGi framework, where Plate's services"
                + " are in the service registry: look up " + type.getName() + " there" : "";
    }

    private record Entry(String name, int ranking, int order, Supplier<?> factory) {
    }

    /** Entries of {@code type}, highest ranking first, then in class-path order. */
    private static List<Entry> entries(Class<?> type) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = Plate.class.getClassLoader();
        }
        List<Entry> found = new ArrayList<>();
        ClassPathServices.Registry registry = new ClassPathServices.Registry() {
            @Override
            public <S> void add(Class<S> t, String name, int ranking, Supplier<? extends S> factory) {
                if (t == type) {
                    found.add(new Entry(name, ranking, found.size(), factory));
                }
            }
        };
        for (ClassPathServices s : ServiceLoader.load(ClassPathServices.class, loader)) {
            s.register(registry);
        }
        // class-path order stands in for the service id a framework would assign
        return ServicePreference.sorted(found, (e, key) -> ServicePreference.RANKING.equals(key) ? (Object) e.ranking
                : ServicePreference.ID.equals(key) ? (Object) (long) e.order : null);
    }

    private static String readVersion() {
        try (InputStream in = Plate.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("io/plate/api/version.properties is missing from the API jar");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

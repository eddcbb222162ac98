package io.plate.api.data;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Reads one file format into a {@link Dataset}. Registered as a service with the property
 * {@link #FORMAT} ({@code csv}, {@code arff}, {@code libsvm}, {@code text}) and {@link #EXTENSIONS}
 * (the file name endings it claims, without the dot).
 *
 * <p>Contract: {@link #read} either returns a complete dataset or throws {@link ImportException}
 * naming file, line and column; it never returns a partial dataset, never throws anything else for
 * bad content, and streams the file rather than holding it whole in memory. An implementation is safe
 * to call from several threads at once (one service instance serves every caller).
 */
@ProviderType
public interface Importer {
    /** Service property: the format name. */
    String FORMAT = "plate.format";
    /** Service property: file extensions claimed (String[]), e.g. {@code {"csv", "tsv"}}. */
    String EXTENSIONS = "plate.extensions";
    /**
     * {@link Dataset#metadata()} key of an import's warnings: what was imported but is probably not what
     * the user meant (one line each, joined by {@code "; "}). The shell prints them.
     */
    String WARNINGS = "warnings";
    /**
     * {@link Dataset#metadata()} key naming the numeric column that holds each row's weight (Weka's ARFF instance
     * weights {@code {w}}): the shell trains with it as the rows' weights, not as a feature (since 1.10.0).
     */
    String WEIGHT_COLUMN = "weight column";

    /** The format name (same as the {@link #FORMAT} property). */
    String format();

    /** File name endings claimed, lower case, without the dot. */
    List<String> extensions();

    /** One-line description for {@code plate:importers}. */
    String description();

    /** Reads {@code file}. The dataset's name is {@code options.name()} or derived from the file name. */
    Dataset read(Path file, ImportOptions options) throws ImportException;

    /**
     * The options that read {@code file} in this format, as a user types them ({@code --format csv --no-header}),
     * when its first lines look like this format; empty when they do not or the file cannot be read. For a file
     * whose extension no importer claims (a UCI {@code .data} file, a LibSVM file with none): the shell suggests
     * them. Looks at a few lines only and never throws. By default, empty.
     */
    default Optional<String> suggest(Path file) {
        return Optional.empty();
    }
}

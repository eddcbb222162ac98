package io.plate.api.data;

import io.plate.api.text.CharacterClass;
import java.text.Normalizer;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The name a dataset gets from its file when none is given: the shell's {@code plate:import} and the Spark jar's
 * run directories name it alike. Only an extension an importer claims is cut ({@code iris.csv} is {@code iris}),
 * after a compression suffix ({@code iris.csv.gz} too), so LibSVM's {@code a9a} and {@code a9a.t} stay two
 * names. Since 1.10.0.
 */
public final class DatasetNames {
    /** The suffixes of compressed files: a file's format is told by the extension before one. */
    public static final List<String> COMPRESSED = List.of(".gz", ".bz2", ".xz", ".zip", ".zst");

    private DatasetNames() {
    }

    /** {@code name} without a final compression suffix ({@link #COMPRESSED}), in any case. */
    public static String withoutCompression(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String suffix : COMPRESSED) {
            if (lower.length() > suffix.length() && lower.endsWith(suffix)) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    /**
     * The dataset name of the file {@code fileName} (no folder): without a compression suffix, then without a
     * final {@code .EXT} when {@code extensions} (the importers' {@link Importer#extensions()}, lower case) hold
     * {@code EXT} in any case; composed as typed (a macOS file name decomposes é into e and a combining accent),
     * every character a name cannot hold ({@link CharacterClass#NAME}) replaced by '_'; {@code data} when empty.
     */
    public static String fromFile(String fileName, Collection<String> extensions) {
        String n = withoutCompression(fileName);
        int dot = n.lastIndexOf('.');
        if (dot > 0 && extensions.contains(n.substring(dot + 1).toLowerCase(Locale.ROOT))) {
            n = n.substring(0, dot);
        }
        return of(n);
    }

    /** {@code base} as a name: composed (NFC), each character a name cannot hold replaced by '_'; {@code data} when empty. */
    public static String of(String base) {
        String n = Normalizer.normalize(base, Normalizer.Form.NFC);
        StringBuilder s = new StringBuilder(n.length());
        n.codePoints().forEach(c -> s.appendCodePoint(CharacterClass.NAME.contains(c) ? c : '_'));
        return s.length() == 0 ? "data" : s.toString();
    }
}

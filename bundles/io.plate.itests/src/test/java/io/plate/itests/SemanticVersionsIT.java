package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The README's table of exported packages ("Semantic versions") against the manifests of the Plate
 * bundles plate.jar carries: the same packages with the same versions, and every bundle at the release
 * version. Embedders pick import ranges from that table.
 */
class SemanticVersionsIT {
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `(io\\.plate[\\w.]*)` \\| (\\d+\\.\\d+\\.\\d+) \\|");
    private static final Pattern EXPORT = Pattern.compile("(io\\.plate[\\w.]*);version=\"([^\"]+)\"");

    @Test
    void theReadmeTableIsWhatTheBundlesExport() throws IOException {
        String readme = Files.readString(ItData.root().resolve("../README.md"));
        int start = readme.indexOf("### Semantic versions");
        String section = readme.substring(start, readme.indexOf("\n### ", start + 1));
        Map<String, String> documented = new TreeMap<>();
        for (Matcher m = ROW.matcher(section); m.find();) {
            documented.put(m.group(1), m.group(2));
        }

        Map<String, String> exported = new TreeMap<>();
        int bundles = 0;
        try (ZipFile jar = new ZipFile(System.getProperty("plate.jar"))) {
            for (Enumeration<? extends ZipEntry> e = jar.entries(); e.hasMoreElements();) {
                ZipEntry entry = e.nextElement();
                if (!entry.getName().matches("bundles/io\\.plate\\.[\\w.]+-[\\d.]+\\.jar")) {
                    continue;
                }
                Manifest mf;
                try (InputStream in = jar.getInputStream(entry); JarInputStream bundle = new JarInputStream(in)) {
                    mf = bundle.getManifest();
                }
                bundles++;
                assertEquals(System.getProperty("plate.version"), mf.getMainAttributes().getValue("Bundle-Version"),
                        entry.getName());
                String header = mf.getMainAttributes().getValue("Export-Package");
                // the uses:= clauses name packages too: only "package;version=" pairs count
                for (Matcher m = EXPORT.matcher(header == null ? "" : header.replaceAll("uses:=\"[^\"]*\"", ""));
                        m.find();) {
                    exported.put(m.group(1), m.group(2));
                }
            }
        }
        assertTrue(bundles >= 10, "Plate bundles in plate.jar: " + bundles);
        assertEquals(exported, documented, "README 'Semantic versions' table (left: the manifests)");
    }
}

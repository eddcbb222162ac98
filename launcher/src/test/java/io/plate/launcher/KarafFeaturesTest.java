package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The Karaf feature repository says what the feature files say, for Karaf. */
class KarafFeaturesTest {
    /** The bundle ids of a feature file, read with a plain JSON parser (not the Feature Service). */
    private static List<String> jsonBundles(String feature) throws Exception {
        try (InputStream in = KarafFeaturesTest.class.getClassLoader().getResourceAsStream("features/" + feature + ".json");
                JsonReader r = Json.createReader(in)) {
            List<String> out = new ArrayList<>();
            for (JsonValue b : r.readObject().getJsonArray("bundles")) {
                String id = ((JsonObject) b).getString("id");
                String[] gav = id.split(":");
                if (!KarafFeatures.PROVIDED_BY_KARAF.contains(gav[0] + ":" + gav[1])
                        && !KarafFeatures.PROVIDED_BY_KARAF_SCR.contains(gav[0] + ":" + gav[1])) {
                    out.add("mvn:" + gav[0] + "/" + gav[1] + "/" + gav[2]);
                }
            }
            return out;
        }
    }

    @Test
    void everyFeatureWithItsBundlesInOrder() throws Exception {
        String xml = KarafFeatures.xml(FeatureCatalog.load(KarafFeaturesTest.class.getClassLoader()));
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertEquals("http://karaf.apache.org/xmlns/features/v1.6.0", doc.getDocumentElement().getNamespaceURI());
        NodeList features = doc.getDocumentElement().getElementsByTagNameNS("*", "feature");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < features.getLength(); i++) {
            Element e = (Element) features.item(i);
            if (e.getParentNode() != doc.getDocumentElement()) {
                continue; // a dependency inside a feature
            }
            String name = e.getAttribute("name");
            names.add(name);
            List<String> bundles = new ArrayList<>();
            NodeList bs = e.getElementsByTagNameNS("*", "bundle");
            for (int j = 0; j < bs.getLength(); j++) {
                bundles.add(bs.item(j).getTextContent());
            }
            assertEquals(jsonBundles(name), bundles, name);
            NodeList deps = e.getElementsByTagNameNS("*", "feature");
            assertEquals(1, deps.getLength(), name);
            Element dep = (Element) deps.item(0);
            if (name.equals("plate-core")) {
                // Karaf's own Declarative Services, where none is installed yet
                assertEquals("scr", dep.getTextContent());
                assertEquals("true", dep.getAttribute("dependency"));
            } else {
                assertEquals("plate-core", dep.getTextContent());
            }
        }
        assertEquals(FeatureCatalog.ALL, names);
        assertFalse(xml.contains("gogo.runtime"), "Karaf brings its own shell");
        assertFalse(xml.contains("org.apache.felix.scr") || xml.contains("org.osgi.service.component"),
                "Karaf's scr feature brings Declarative Services");
    }
}

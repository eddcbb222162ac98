package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/**
 * The seeded fuzzer ({@link ImportFuzzer}) in the unit suite: 3,000 inputs per importer (12,000 in all),
 * size cases scaled down among them. Every input must import or fail with an {@code ImportException} naming
 * the file and a line of the input; no other exception, no out-of-memory error, and no hang (the whole run
 * has a time limit far above what it takes). The long campaign is {@code bench.FuzzCampaign}.
 */
class FuzzTest {
    private static final int PER_IMPORTER = 3_000;

    @Test
    void onlyImportExceptionEscapes() {
        ImportFuzzer.Outcomes out = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(20261124L);
            ImportFuzzer.Outcomes o = new ImportFuzzer.Outcomes();
            for (String format : ImportFuzzer.FORMATS) {
                for (int i = 0; i < PER_IMPORTER; i++) {
                    ImportFuzzer.once(format, ImportFuzzer.input(rng, format), ImportFuzzer.options(rng), o);
                }
            }
            return o;
        });
        System.out.println("fuzz: " + out);
        assertEquals(0, out.unexpected + out.outOfMemory, out + "\n" + String.join("\n", out.examples));
        assertEquals(4 * PER_IMPORTER, out.total());
        // the fuzzer must exercise both paths substantially, or it tests little
        assertTrue(out.imported > 1_000 && out.refused > 1_000, out.toString());
    }

    @Test
    void everySizeCaseEndsQuickly() {
        // each scaled size case, with the default options: imported or refused, never a hang
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(18L);
            ImportFuzzer.Outcomes o = new ImportFuzzer.Outcomes();
            for (String format : ImportFuzzer.FORMATS) {
                for (int i = 0; i < 20; i++) {
                    ImportFuzzer.once(format, ImportFuzzer.sizeCase(rng, format), io.plate.api.data.ImportOptions.defaults(), o);
                }
            }
            assertEquals(0, o.unexpected + o.outOfMemory, o + "\n" + String.join("\n", o.examples));
            assertEquals(80, o.total());
        });
    }
}

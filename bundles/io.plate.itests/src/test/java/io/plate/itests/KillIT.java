package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of plate.jar while it saves a model, writes predictions and writes run directories
 * leaves every file whole or absent and no run directory mixed; the next write sweeps the killed
 * writers' temporaries. The long campaign is {@link KillCampaign#main} (docs/mcmc.md).
 */
@Timeout(value = 500, unit = TimeUnit.SECONDS)
class KillIT {
    @Test
    void killedWritersLeaveWholeFilesOrNone(@TempDir Path work) throws Exception {
        KillCampaign.Findings f = new KillCampaign(Path.of(System.getProperty("plate.jar")), ItData.root(), work)
                .run(4, 7, 2500);
        assertTrue(f.damaged().isEmpty(), f.toString());
        assertEquals(0, f.leftAfterSweep(), f.toString());
        assertTrue(f.killsAfterAWrite() >= 2, "most kills must land after the child began writing: " + f);
    }
}

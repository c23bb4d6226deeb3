import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isHomologationUrl, PROFILE_IDS, PROFILES, resolveEndpoints } from "./profiles.ts";

describe("PSP profile table", () => {
  test("every named PSP has https production and homologation URLs; generic has none", () => {
    for (const id of PROFILE_IDS) {
      const p = PROFILES[id];
      assert.equal(p.id, id);
      if (id === "generic") {
        assert.equal(p.production, undefined);
        continue;
      }
      for (const row of [p.production, p.homologation]) {
        assert.ok(row, id);
        assert.match(row.baseUrl, /^https:\/\/[^/]+\/.+[^/]$/, id);
        assert.match(row.tokenUrl, /^https:\/\//, id);
      }
    }
  });

  test("resolveEndpoints: table by default, homologation on request, merchant's URLs win", () => {
    assert.deepEqual(resolveEndpoints("efi"), {
      baseUrl: "https://pix.api.efipay.com.br/v2",
      tokenUrl: "https://pix.api.efipay.com.br/oauth/token",
    });
    assert.equal(
      resolveEndpoints("efi", { homologation: true }).baseUrl,
      "https://pix-h.api.efipay.com.br/v2",
    );
    assert.deepEqual(resolveEndpoints("inter", { baseUrl: "https://proxy.example/pix/v2/" }), {
      baseUrl: "https://proxy.example/pix/v2",
      tokenUrl: "https://cdpj.partners.bancointer.com.br/oauth/v2/token",
    });
  });

  test("generic needs both URLs, and PSP URLs must be https", () => {
    assert.throws(() => resolveEndpoints("generic"), /needs base_url and token_url/);
    assert.throws(
      () =>
        resolveEndpoints("generic", {
          baseUrl: "http://psp.example/v2",
          tokenUrl: "https://psp.example/t",
        }),
      /must be https/,
    );
    assert.throws(
      () => resolveEndpoints("generic", { baseUrl: "nope", tokenUrl: "nope" }),
      /not a URL/,
    );
  });

  test("homologation hosts are known: every profile's sandbox, and names that say so; production hosts never", () => {
    for (const id of PROFILE_IDS) {
      const p = PROFILES[id];
      if (p.homologation) assert.ok(isHomologationUrl(p.homologation.baseUrl), id);
      if (p.production) {
        assert.equal(isHomologationUrl(p.production.baseUrl), false, id);
        assert.equal(isHomologationUrl(p.production.tokenUrl), false, id);
      }
    }
    // Sicoob's token host serves both: judged by the API host.
    assert.equal(isHomologationUrl(PROFILES.sicoob.homologation?.tokenUrl ?? ""), false);
    assert.ok(isHomologationUrl("https://sandbox.psp.example/pix/v2"));
    assert.ok(isHomologationUrl("https://api-homologacao.banco.example/pix"));
    assert.equal(isHomologationUrl("https://localhost:8443/v2"), false);
    assert.equal(isHomologationUrl("https://pix.bank.example/v2"), false);
  });
});

describe("token scopes", () => {
  test("Inter, Sicoob and Banco do Brasil (which grant only the scopes named) are asked cobv and lotecobv besides cob, pix and webhook", () => {
    for (const id of ["inter", "sicoob", "bb"] as const) {
      const asked = (PROFILES[id].scopes ?? "").split(" ");
      for (const scope of [
        "cob.write",
        "cob.read",
        "cobv.write",
        "cobv.read",
        "lotecobv.write",
        "lotecobv.read",
        "pix.write",
        "pix.read",
        "webhook.write",
        "webhook.read",
      ]) {
        assert.ok(asked.includes(scope), `${id} asks ${scope}`);
      }
    }
  });
});

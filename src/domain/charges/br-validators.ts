// Brazilian document and address checks used by charge validation.

export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

/** The 11 digits of a CPF with valid check digits (punctuation allowed), or undefined. */
export function normalizeCpf(input: string): string | undefined {
  if (!/^[\d.\- ]+$/.test(input)) return undefined;
  const d = input.replace(/\D/g, "");
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return undefined;
  const digits = [...d].map(Number);
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (digits[i] ?? 0) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === digits[9] && check(10) === digits[10] ? d : undefined;
}

/**
 * The 14 characters of a CNPJ with valid check digits (punctuation allowed, letters upper-cased),
 * or undefined. From July 2026 the Receita Federal issues alphanumeric CNPJs (IN RFB 2.229/2024):
 * the first 12 positions may be letters or digits, the 2 check digits stay digits, and each
 * character weighs its ASCII code minus 48 in the same modulo-11 sums. BACEN's API Pix file
 * already says `^[0-9A-Z]{14}$`. A numeric CNPJ is the special case where every weight is a digit.
 */
export function normalizeCnpj(input: string): string | undefined {
  if (!/^[\dA-Za-z./\- ]+$/.test(input)) return undefined;
  const c = input.replace(/[./\- ]/g, "").toUpperCase();
  if (!/^[\dA-Z]{12}\d{2}$/.test(c) || /^(\d)\1{13}$/.test(c)) return undefined;
  const values = [...c].map((ch) => ch.charCodeAt(0) - 48);
  const check = (len: number) => {
    let sum = 0;
    // Weights run 2..9 from the rightmost position leftwards, then start again at 2.
    for (let i = 0; i < len; i++) sum += (values[len - 1 - i] ?? 0) * ((i % 8) + 2);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === values[12] && check(13) === values[13] ? c : undefined;
}

/** A CEP as its 8 digits ("01310-100" -> "01310100"), or undefined. */
export function normalizeCep(input: string): string | undefined {
  const m = /^(\d{5})-?(\d{3})$/.exec(input.trim());
  return m ? `${m[1]}${m[2]}` : undefined;
}

/**
 * A Brazilian phone in E.164 (+55 and 10 or 11 digits: area code and number), from the usual
 * ways of writing it ("(11) 91234-5678", "+55 11 91234 5678", "11912345678"); or undefined.
 */
export function normalizePhone(input: string): string | undefined {
  if (!/^[+\d()\-. ]+$/.test(input)) return undefined;
  // An explicit country code must be Brazil's.
  if (input.trim().startsWith("+") && !/^\+\s*55/.test(input.trim())) return undefined;
  let d = input.replace(/\D/g, "");
  if ((d.length === 12 || d.length === 13) && d.startsWith("55")) d = d.slice(2);
  if (d.length !== 10 && d.length !== 11) return undefined;
  // Area codes are 11..99; an 11-digit number is a mobile, whose number starts with 9.
  if (d.startsWith("0") || d[1] === "0" || (d.length === 11 && d[2] !== "9")) return undefined;
  return `+55${d}`;
}

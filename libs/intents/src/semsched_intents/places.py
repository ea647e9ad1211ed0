"""Places: the cities, countries and regions a cluster's zone names stand for, and the words people
use for them ("Frankfurt", "the EU zones", "Zürich or Genf", "close to our Japanese users").

A zone is placed from its own name: a city or country word in it ("eu-frankfurt-1", "sa-saopaulo-1"),
a city code ("lon1", "zrh-dc1", "mad1"), or a public cloud region it is in ("us-east-1a" is AWS's
northern Virginia, "europe-west3-b" Google's Frankfurt). A place word in a hint then names every zone
of the context inside that place; a place that holds none of them names nothing. The facts are public:
city codes are IATA codes and the usual abbreviations; cloud regions are the providers' documented
locations. The choices are written down in docs/decisions.md (D26).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# city -> (country, names people write, codes seen in zone names)
_CITIES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "london": ("gb", ("london", "londres", "londra", "londen"), ("lon", "ldn", "lhr", "lgw")),
    "manchester": ("gb", ("manchester",), ("man", "mcr")),
    "dublin": ("ie", ("dublin", "baile atha cliath"), ("dub",)),
    "frankfurt": ("de", ("frankfurt", "frankfurt am main", "francfort", "francoforte"), ("fra", "fft")),
    "berlin": ("de", ("berlin",), ("ber", "txl")),
    "munich": ("de", ("munich", "munchen", "münchen", "muenchen"), ("muc",)),
    "hamburg": ("de", ("hamburg",), ("ham",)),
    "dusseldorf": ("de", ("dusseldorf", "düsseldorf", "duesseldorf"), ("dus",)),
    "paris": ("fr", ("paris",), ("par", "cdg", "ory")),
    "marseille": ("fr", ("marseille", "marseilles"), ("mrs",)),
    "amsterdam": ("nl", ("amsterdam",), ("ams",)),
    "brussels": ("be", ("brussels", "bruxelles", "brussel"), ("bru",)),
    "madrid": ("es", ("madrid",), ("mad",)),
    "barcelona": ("es", ("barcelona",), ("bcn",)),
    "lisbon": ("pt", ("lisbon", "lisboa"), ("lis",)),
    "milan": ("it", ("milan", "milano", "mailand"), ("mil", "mxp", "lin")),
    "rome": ("it", ("rome", "roma"), ("fco",)),
    "zurich": ("ch", ("zurich", "zürich", "zuerich", "zurigo"), ("zrh", "zur")),
    "geneva": ("ch", ("geneva", "genf", "geneve", "genève", "ginevra"), ("gva", "gen")),
    "vienna": ("at", ("vienna", "wien", "vienne"), ("vie",)),
    "stockholm": ("se", ("stockholm",), ("sto", "arn")),
    "oslo": ("no", ("oslo",), ("osl",)),
    "copenhagen": ("dk", ("copenhagen", "kobenhavn", "københavn"), ("cph",)),
    "helsinki": ("fi", ("helsinki",), ("hel",)),
    "warsaw": ("pl", ("warsaw", "warszawa", "warschau"), ("waw",)),
    "prague": ("cz", ("prague", "praha", "prag"), ("prg",)),
    "new york": ("us", ("new york", "new york city", "nyc", "manhattan"), ("nyc", "jfk", "ewr", "lga")),
    "ashburn": ("us", ("ashburn", "northern virginia", "n virginia", "virginia"), ("iad", "ash")),
    "miami": ("us", ("miami",), ("mia",)),
    "atlanta": ("us", ("atlanta",), ("atl",)),
    "chicago": ("us", ("chicago",), ("chi", "ord")),
    "dallas": ("us", ("dallas",), ("dfw", "dal")),
    "ohio": ("us", ("ohio", "columbus"), ("cmh",)),
    "iowa": ("us", ("iowa", "council bluffs"), ()),
    "south carolina": ("us", ("south carolina",), ()),
    "oregon": ("us", ("oregon", "portland"), ("pdx",)),
    "seattle": ("us", ("seattle",), ("sea",)),
    "san francisco": ("us", ("san francisco", "bay area", "silicon valley"), ("sfo",)),
    "san jose": ("us", ("san jose",), ("sjc",)),
    "california": ("us", ("california", "northern california", "n california"), ()),
    "los angeles": ("us", ("los angeles",), ("lax",)),
    "toronto": ("ca", ("toronto",), ("yyz", "tor")),
    "montreal": ("ca", ("montreal", "montréal"), ("yul", "mtl")),
    "sao paulo": ("br", ("sao paulo", "são paulo", "saopaulo", "sao paolo"), ("gru", "sao", "spo")),
    "santiago": ("cl", ("santiago",), ("scl",)),
    "mexico city": ("mx", ("mexico city",), ("mex",)),
    "tokyo": ("jp", ("tokyo", "tokio"), ("tyo", "nrt", "hnd")),
    "osaka": ("jp", ("osaka",), ("osa", "kix")),
    "seoul": ("kr", ("seoul",), ("sel", "icn")),
    "singapore": ("sg", ("singapore", "singapur", "singapour"), ("sin", "sgp")),
    "hong kong": ("hk", ("hong kong", "hongkong"), ("hkg",)),
    "mumbai": ("in", ("mumbai", "bombay"), ("bom",)),
    "delhi": ("in", ("delhi", "new delhi"), ("del",)),
    "jakarta": ("id", ("jakarta",), ("jkt", "cgk")),
    "sydney": ("au", ("sydney",), ("syd",)),
    "melbourne": ("au", ("melbourne",), ("mel",)),
    "auckland": ("nz", ("auckland",), ("akl",)),
    "dubai": ("ae", ("dubai",), ("dxb",)),
    "bahrain": ("bh", ("bahrain",), ("bah",)),
    "tel aviv": ("il", ("tel aviv",), ("tlv",)),
    "johannesburg": ("za", ("johannesburg",), ("jnb",)),
    "cape town": ("za", ("cape town",), ("cpt",)),
}

# country -> (names, demonyms, regions)
_COUNTRIES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "gb": (
        ("uk", "united kingdom", "britain", "great britain", "england"),
        ("british", "english"),
        ("europe",),
    ),
    "ie": (("ireland", "eire", "éire"), ("irish",), ("europe", "eu")),
    "de": (("germany", "deutschland", "allemagne"), ("german",), ("europe", "eu")),
    "fr": (("france", "frankreich"), ("french",), ("europe", "eu")),
    "nl": (("netherlands", "holland"), ("dutch",), ("europe", "eu")),
    "be": (("belgium",), ("belgian",), ("europe", "eu")),
    "es": (("spain", "espana", "españa", "spanien"), ("spanish",), ("europe", "eu")),
    "pt": (("portugal",), ("portuguese",), ("europe", "eu")),
    "it": (("italy", "italia", "italien"), ("italian",), ("europe", "eu")),
    "ch": (("switzerland", "schweiz", "suisse", "svizzera"), ("swiss",), ("europe",)),
    "at": (("austria", "osterreich", "österreich"), ("austrian",), ("europe", "eu")),
    "se": (("sweden",), ("swedish",), ("europe", "eu", "nordics")),
    "no": (("norway",), ("norwegian",), ("europe", "nordics")),
    "dk": (("denmark",), ("danish",), ("europe", "eu", "nordics")),
    "fi": (("finland",), ("finnish",), ("europe", "eu", "nordics")),
    "pl": (("poland",), ("polish",), ("europe", "eu")),
    "cz": (("czechia", "czech republic"), ("czech",), ("europe", "eu")),
    "us": (("usa", "united states"), ("american",), ("north america", "americas")),
    "ca": (("canada",), ("canadian",), ("north america", "americas")),
    "mx": (("mexico",), ("mexican",), ("latam", "americas")),
    "br": (("brazil", "brasil"), ("brazilian",), ("latam", "americas")),
    "cl": (("chile",), ("chilean",), ("latam", "americas")),
    "jp": (("japan",), ("japanese",), ("apac", "asia")),
    "kr": (("korea", "south korea"), ("korean",), ("apac", "asia")),
    "sg": (("singapore",), ("singaporean",), ("apac", "asia")),
    "hk": (("hong kong",), (), ("apac", "asia")),
    "in": (("india",), ("indian",), ("apac", "asia")),
    "id": (("indonesia",), ("indonesian",), ("apac", "asia")),
    "au": (("australia",), ("australian",), ("apac", "oceania")),
    "nz": (("new zealand",), (), ("apac", "oceania")),
    "ae": (("uae", "united arab emirates"), ("emirati",), ("middle east",)),
    "bh": (("bahrain",), (), ("middle east",)),
    "il": (("israel",), ("israeli",), ("middle east",)),
    "za": (("south africa",), ("south african",), ("africa",)),
}

# region -> names; EMEA and the Americas are unions of the regions above
_REGIONS: dict[str, tuple[str, ...]] = {
    "europe": ("europe",),
    "continental europe": ("continental europe", "mainland europe"),
    "eu": ("eu", "european union"),
    "nordics": ("nordics", "scandinavia"),
    "north america": ("north america",),
    "americas": ("americas",),
    "latam": ("latam", "latin america", "south america"),
    "apac": ("apac", "asia pacific", "asia-pacific", "asiapac"),
    "asia": ("asia",),
    "oceania": ("oceania", "anz"),
    "middle east": ("middle east", "mena"),
    "africa": ("africa",),
    "emea": ("emea",),
    "east coast": ("east coast", "us east coast", "eastern us"),
    "west coast": ("west coast", "us west coast", "western us"),
}
_REGION_DEMONYMS: dict[str, tuple[str, ...]] = {"europe": ("european",), "asia": ("asian",)}
_EMEA = frozenset({"europe", "middle east", "africa"})
_EAST_COAST = frozenset({"new york", "ashburn", "miami", "atlanta", "south carolina"})
_WEST_COAST = frozenset({"oregon", "seattle", "san francisco", "san jose", "california", "los angeles"})

# Public cloud regions and the city they are in (the providers' documented locations).
_CLOUD_REGIONS: dict[str, str] = {
    "us-east-1": "ashburn",
    "us-east-2": "ohio",
    "us-west-1": "california",
    "us-west-2": "oregon",
    "ca-central-1": "montreal",
    "sa-east-1": "sao paulo",
    "eu-west-1": "dublin",
    "eu-west-2": "london",
    "eu-west-3": "paris",
    "eu-central-1": "frankfurt",
    "eu-central-2": "zurich",
    "eu-north-1": "stockholm",
    "eu-south-1": "milan",
    "ap-northeast-1": "tokyo",
    "ap-northeast-2": "seoul",
    "ap-northeast-3": "osaka",
    "ap-southeast-1": "singapore",
    "ap-southeast-2": "sydney",
    "ap-south-1": "mumbai",
    "ap-east-1": "hong kong",
    "me-south-1": "bahrain",
    "af-south-1": "cape town",
    "us-east1": "south carolina",
    "us-east4": "ashburn",
    "us-central1": "iowa",
    "us-west1": "oregon",
    "us-west2": "los angeles",
    "europe-west1": "brussels",
    "europe-west2": "london",
    "europe-west3": "frankfurt",
    "europe-west4": "amsterdam",
    "europe-west6": "zurich",
    "europe-west9": "paris",
    "europe-north1": "helsinki",
    "asia-northeast1": "tokyo",
    "asia-northeast3": "seoul",
    "asia-southeast1": "singapore",
    "asia-east2": "hong kong",
    "asia-south1": "mumbai",
    "australia-southeast1": "sydney",
    "southamerica-east1": "sao paulo",
    "northamerica-northeast1": "montreal",
    "eastus": "ashburn",
    "eastus2": "ashburn",
    "westus2": "seattle",
    "northeurope": "dublin",
    "westeurope": "amsterdam",
    "uksouth": "london",
    "germanywestcentral": "frankfurt",
    "switzerlandnorth": "zurich",
    "francecentral": "paris",
    "japaneast": "tokyo",
    "southeastasia": "singapore",
    "australiaeast": "sydney",
    "brazilsouth": "sao paulo",
}
_AWS_ZONE = re.compile(r"^([a-z]{2}-[a-z]+-\d)[a-z]?$")
_GCP_ZONE = re.compile(r"^([a-z]+-[a-z]+\d)(?:-[a-z])?$")
_AZURE_ZONE = re.compile(r"^([a-z]+\d?)(?:-\d)?$")
# The leading word of a zone name that says its continent ("eu-", "us-", "ap-").
_PREFIX_REGIONS: dict[str, str] = {
    "eu": "europe", "europe": "europe", "us": "us", "ap": "apac", "asia": "apac", "sa": "latam",
    "na": "north america", "me": "middle east", "af": "africa", "au": "apac", "australia": "apac",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Place:
    """Where one zone is: its city (or ""), country (or "") and every region word that holds it."""

    city: str
    country: str
    regions: frozenset[str]


def _region_set(country: str, city: str) -> frozenset[str]:
    regions = set(_COUNTRIES[country][2]) if country in _COUNTRIES else set()
    if "europe" in regions and country not in ("gb", "ie"):
        regions.add("continental europe")
    if "europe" in regions or "middle east" in regions or "africa" in regions:
        regions.add("emea")
    if "north america" in regions or "latam" in regions:
        regions.add("americas")
    if city in _EAST_COAST:
        regions.add("east coast")
    if city in _WEST_COAST:
        regions.add("west coast")
    return frozenset(regions)


_NAME_TO_CITY: dict[str, str] = {
    alias.replace(" ", ""): city for city, (_, names, _) in _CITIES.items() for alias in names
}
_CODE_TO_CITY: dict[str, str] = {code: city for city, (_, _, codes) in _CITIES.items() for code in codes}
_NAME_TO_COUNTRY: dict[str, str] = {
    name.replace(" ", ""): code for code, (names, _, _) in _COUNTRIES.items() for name in names
}


def place_of(zone: str, words: tuple[str, ...]) -> Place | None:
    """Where a zone is, from its name (`words`: its tokens), or None when the name says nothing."""
    low = zone.lower()
    for pattern in (_AWS_ZONE, _GCP_ZONE, _AZURE_ZONE):
        found = pattern.match(low)
        if found and found.group(1) in _CLOUD_REGIONS:
            city = _CLOUD_REGIONS[found.group(1)]
            return Place(city, _CITIES[city][0], _region_set(_CITIES[city][0], city))
    alpha = [w.rstrip("0123456789") for w in words]
    alpha = [w for w in alpha if w]
    city = country = ""
    for n in range(len(alpha)):  # "saopaulo", "sao"+"paulo", "new"+"york"
        for m in (3, 2, 1):
            joined = "".join(alpha[n : n + m])
            if m > len(alpha) - n:
                continue
            city = city or _NAME_TO_CITY.get(joined, "")
            country = country or _NAME_TO_COUNTRY.get(joined, "")
    if not city:
        city = next((_CODE_TO_CITY[w] for w in alpha if w in _CODE_TO_CITY and len(w) >= 3), "")
    if city:
        country = _CITIES[city][0]
    regions = set(_region_set(country, city)) if country else set()
    prefix = _PREFIX_REGIONS.get(alpha[0], "") if alpha and len(alpha) > 1 else ""
    if prefix == "us" and not country:
        country = "us"
        regions |= _region_set("us", city)
    elif prefix:
        regions.add(prefix)
        regions |= (
            {"emea"} if prefix in _EMEA else {"americas"} if prefix in ("latam", "north america") else set()
        )
    if not (city or country or regions):
        return None
    return Place(city, country, frozenset(regions))


def place_words() -> list[tuple[str, str, str]]:
    """Every place word as (words, level, name): level is city, country, region or demonym."""
    out: list[tuple[str, str, str]] = []
    for city, (_, names, _) in _CITIES.items():
        out.extend((name, "city", city) for name in names)
    for code, (names, demonyms, _) in _COUNTRIES.items():
        out.extend((name, "country", code) for name in names)
        out.extend((name, "demonym", code) for name in demonyms)
    for region, names in _REGIONS.items():
        out.extend((name, "region", region) for name in names)
    for region, demonyms in _REGION_DEMONYMS.items():
        out.extend((name, "rdemonym", region) for name in demonyms)
    return out


def city_codes() -> dict[str, str]:
    return dict(_CODE_TO_CITY)


def holds(place: Place, level: str, name: str, prefixed: bool) -> bool:
    """Whether a zone at `place` is inside the place a hint names. `prefixed`: the context's zone
    names start with the region word ("eu-..."), which then names exactly those zones."""
    if level == "city":
        return place.city == name
    if level in ("country", "demonym"):
        return place.country == name
    if name == "eu" and prefixed:
        return "europe" in place.regions
    return name in place.regions

"""The jurisdiction's ordinance: plan review rules, the working-day calendar (waivers and maintenance beside them).

Every number and citation a rule applies is read from the jurisdiction profile
(``tables/jurisdictions/<name>.yaml``) through :func:`sizing.jurisdiction.profile_parameter`.
"""

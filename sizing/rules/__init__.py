"""The jurisdiction's ordinance: plan review rules, the working-day calendar (waivers and maintenance beside them).

Every number and citation a rule applies is read from the jurisdiction profile
(``tables/jurisdictions/<name>.yaml``) through :meth:`sizing.jurisdiction.profile.Jurisdiction.parameter`, on the
:class:`~sizing.jurisdiction.profile.Jurisdiction` handed down from where it was chosen (never looked up here).
"""
